// The decoder budget of the video players (src/lib/video/decoder-budget.ts): at most 9 decode at once,
// the others wait in order and get the first slot freed; 点击播放 takes the oldest self-started slot.
// Also the wall splits (1/4/9/16), the patrol groups, and a player in a browser without HLS support.
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DecoderBudget, MAX_DECODERS, useDecoderSlot } from '../../../src/lib/video/decoder-budget';
import { columnsOf, gridStyleOf, pagesOf, slotsOf, SPLITS } from '../../../src/lib/video/split';
import { VideoPlayer } from '../../../src/lib/video/VideoPlayer';
import { patrolGroups, type CameraItem } from '../../../src/features/video-monitoring/model';

function players(budget: DecoderBudget, n: number) {
  const states: boolean[] = Array.from({ length: n }, () => false);
  const tickets = states.map((_, i) => budget.request((g) => (states[i] = g)));
  return { states, tickets, granted: () => states.filter(Boolean).length };
}

describe('DecoderBudget', () => {
  it('lets at most 9 players decode; the others wait in the order they asked', () => {
    const budget = new DecoderBudget();
    expect(budget.max).toBe(MAX_DECODERS);
    expect(MAX_DECODERS).toBe(9);
    const p = players(budget, 16);
    expect(p.granted()).toBe(9);
    expect(budget.active).toBe(9);
    expect(budget.queued).toBe(7);
    expect(p.states.slice(0, 9).every(Boolean)).toBe(true);
    // A playing one leaves: the first waiting one plays.
    p.tickets[3].release();
    expect(p.states[9]).toBe(true);
    expect(p.states[10]).toBe(false);
    expect(budget.active).toBe(9);
    // A waiting one leaves: nothing else changes.
    p.tickets[15].release();
    expect(budget.active).toBe(9);
    expect(budget.queued).toBe(5);
    // Releasing twice is harmless.
    p.tickets[3].release();
    expect(budget.active).toBe(9);
  });

  it('点击播放 plays at once in the place of the oldest self-started player, which waits again', () => {
    const budget = new DecoderBudget();
    const p = players(budget, 12);
    p.tickets[11].claim();
    expect(p.states[11]).toBe(true);
    expect(p.states[0]).toBe(false);
    expect(budget.active).toBe(9);
    p.tickets[10].claim();
    expect(p.states[1]).toBe(false);
    expect(p.states[10]).toBe(true);
    expect(budget.active).toBe(9);
    // The evicted ones come back first when a slot frees.
    p.tickets[5].release();
    expect(p.states[1] || p.states[0]).toBe(true);
    expect(budget.active).toBe(9);
    // A claim by a player already playing changes nothing.
    p.tickets[11].claim();
    expect(budget.active).toBe(9);
  });

  it('never grants more than 9 however players come and go', () => {
    const budget = new DecoderBudget();
    const live: Array<{ release: () => void; claim: () => void }> = [];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let step = 0; step < 500; step += 1) {
      const r = next();
      if (r < 0.5 || live.length === 0) live.push(budget.request(() => undefined));
      else if (r < 0.8) live.splice(Math.floor(next() * live.length), 1)[0].release();
      else live[Math.floor(next() * live.length)].claim();
      expect(budget.active).toBeLessThanOrEqual(9);
      expect(budget.active).toBe(Math.min(9, live.length));
    }
  });
});

function Slot({ id, budget }: { id: number; budget: DecoderBudget }) {
  const { granted, claim } = useDecoderSlot(true, budget);
  return (
    <button type="button" data-granted={granted} onClick={claim}>
      {id}
    </button>
  );
}

describe('useDecoderSlot', () => {
  it('plays 9 of 16 mounted players; unmounting frees their slots', () => {
    const budget = new DecoderBudget();
    const ids = Array.from({ length: 16 }, (_, i) => i);
    const { rerender, unmount } = render(<>{ids.map((i) => <Slot key={i} id={i} budget={budget} />)}</>);
    const granted = () => screen.getAllByRole('button').filter((b) => b.getAttribute('data-granted') === 'true').length;
    expect(granted()).toBe(9);
    act(() => screen.getByRole('button', { name: '15' }).click());
    expect(screen.getByRole('button', { name: '15' }).getAttribute('data-granted')).toBe('true');
    expect(granted()).toBe(9);
    rerender(<>{ids.slice(0, 4).map((i) => <Slot key={i} id={i} budget={budget} />)}</>);
    expect(granted()).toBe(4);
    expect(budget.active).toBe(4);
    unmount();
    expect(budget.active).toBe(0);
    expect(budget.queued).toBe(0);
  });
});

describe('splits and patrol groups', () => {
  it('lays out 1, 4, 9 and 16 tiles as square grids with pages', () => {
    expect(SPLITS).toEqual([1, 4, 9, 16]);
    expect(SPLITS.map(columnsOf)).toEqual([1, 2, 3, 4]);
    expect(gridStyleOf(9)).toEqual({ gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gridTemplateRows: 'repeat(3, minmax(0, 1fr))' });
    const items = Array.from({ length: 13 }, (_, i) => i);
    expect(pagesOf(13, 4)).toBe(4);
    expect(pagesOf(0, 9)).toBe(1);
    expect(slotsOf(items, 4, 3)).toEqual([12, null, null, null]);
    expect(slotsOf(items, 16, 0)).toHaveLength(16);
    expect(slotsOf(items, 9, 99)).toEqual([9, 10, 11, 12, null, null, null, null, null]);
  });

  it('groups the patrol cameras by the split, online first', () => {
    const cam = (id: string, online: boolean): CameraItem => ({ id, deviceCode: id, deviceName: id, installPosition: '', online, lastSeenAt: null, projectId: '1', projectName: 'p' });
    const groups = patrolGroups([cam('a', false), cam('b', true), cam('c', true), cam('d', true), cam('e', true), cam('f', false)], 4);
    expect(groups.map((g) => g.map((c) => c.id))).toEqual([['b', 'c', 'd', 'e'], ['a', 'f']]);
  });
});

describe('VideoPlayer without HLS support (jsdom)', () => {
  it('shows the still tile, asks nothing and takes no slot', () => {
    const { container } = render(<VideoPlayer cameraId="5" name="1#视频监控" online />);
    expect(container.querySelector('.vp')?.getAttribute('data-state')).toBe('unsupported');
    expect(screen.getByText('当前浏览器不支持视频播放')).toBeTruthy();
    expect(screen.getByText('在线')).toBeTruthy();
    const offline = render(<VideoPlayer cameraId="6" name="2#视频监控" online={false} />);
    expect(offline.container.querySelector('.vp')?.getAttribute('data-state')).toBe('unsupported');
  });
});
