// The panel kit: panel states, count-up figures, ranking, scrolling table, ticker, video tile.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { AlarmTicker } from '../../../src/features/large-screen/kit/AlarmTicker';
import { KpiTile } from '../../../src/features/large-screen/kit/KpiTile';
import { Panel } from '../../../src/features/large-screen/kit/Panel';
import { RankingTable } from '../../../src/features/large-screen/kit/RankingTable';
import { ScrollTable, fittedTrack, textWidthCh } from '../../../src/features/large-screen/kit/ScrollTable';
import { wallGridOf } from '../../../src/features/large-screen/shared/CameraWallPanel';
import { VideoTile } from '../../../src/features/large-screen/kit/VideoTile';
import { liveTimerCount } from '../../../src/features/large-screen/data/live-handles';

describe('Panel', () => {
  it('shows 加载中 on first load, 暂无数据 when empty, the server text on failure, the content when ready', () => {
    const { rerender } = render(<Panel title="项目状态统计" loading>内容</Panel>);
    const panel = screen.getByRole('region', { name: '项目状态统计' });
    expect(panel.textContent).toContain('加载中');
    expect(panel.textContent).not.toContain('内容');
    rerender(<Panel title="项目状态统计" empty>内容</Panel>);
    expect(panel.textContent).toContain('暂无数据');
    rerender(<Panel title="项目状态统计" error={new Error('项目不存在或不在您的权限范围内')}>内容</Panel>);
    expect(panel.textContent).toContain('项目不存在或不在您的权限范围内');
    rerender(<Panel title="项目状态统计" error={new Error('failed')}>内容</Panel>);
    expect(panel.textContent).toContain('数据加载失败，稍后自动重试');
    rerender(<Panel title="项目状态统计">内容</Panel>);
    expect(panel.textContent).toContain('内容');
    expect(panel.getAttribute('data-state')).toBe('ready');
  });

  it('marks stale data with 数据已过期', () => {
    const { rerender } = render(<Panel title="报警信息">内容</Panel>);
    expect(screen.queryByText('数据已过期')).toBeNull();
    rerender(
      <Panel title="报警信息" stale>
        内容
      </Panel>,
    );
    expect(screen.getByText('数据已过期')).toBeTruthy();
    expect(screen.getByText('内容')).toBeTruthy();
  });
});

describe('KpiTile', () => {
  let frames: Map<number, FrameRequestCallback>;
  let nextId: number;
  beforeEach(() => {
    frames = new Map();
    nextId = 1;
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      frames.set(nextId, cb);
      return nextId++;
    });
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => void frames.delete(id));
  });
  afterEach(() => vi.restoreAllMocks());

  const runFrame = (at: number) =>
    act(() => {
      const pending = [...frames.entries()];
      frames.clear();
      for (const [, cb] of pending) cb(at);
    });

  it('counts up to the value with animation frames and shows the unit', () => {
    render(<KpiTile label="设备总数" value={120} unit="台" durationMs={1000} />);
    const tile = screen.getByRole('group', { name: '设备总数' });
    runFrame(0);
    expect(tile.textContent).toBe('0台设备总数');
    runFrame(500);
    const mid = Number(within(tile).getByText(/^\d+$/).textContent);
    expect(mid).toBeGreaterThan(0);
    expect(mid).toBeLessThan(120);
    runFrame(1000);
    expect(tile.textContent).toBe('120台设备总数');
    expect(frames.size).toBe(0); // done: no frame left
  });

  it('cancels its pending frame on unmount', () => {
    const view = render(<KpiTile label="在线设备" value={50} />);
    runFrame(0);
    expect(frames.size).toBe(1);
    view.unmount();
    expect(frames.size).toBe(0);
    expect(window.cancelAnimationFrame).toHaveBeenCalled();
  });

  it('shows -- without a value', () => {
    render(<KpiTile label="设备在线率" value={null} unit="%" />);
    expect(screen.getByRole('group', { name: '设备在线率' }).textContent).toContain('--');
  });
});

describe('RankingTable', () => {
  const rows = [
    { id: '1', name: '甲项目', value: 80 },
    { id: '2', name: '乙项目', value: null },
    { id: '3', name: '丙项目', value: 160 },
    { id: '4', name: '丁项目', value: 120 },
  ];

  it('ranks highest first, rows without a value last, limited to N, warning over the threshold', () => {
    render(<RankingTable rows={rows} unit="µg/m³" limit={3} threshold={150} label="PM10排行" />);
    const items = within(screen.getByRole('list', { name: 'PM10排行' })).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.ls-ranking-name')?.textContent)).toEqual(['丙项目', '丁项目', '甲项目']);
    expect(items[0].querySelector('.ls-ranking-value')?.classList.contains('is-over')).toBe(true);
    expect(items[1].querySelector('.ls-ranking-value')?.classList.contains('is-over')).toBe(false);
  });

  it('a row selects its id', () => {
    const onSelect = vi.fn();
    render(<RankingTable rows={rows} label="PM10排行" onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: /丁项目/ }));
    expect(onSelect).toHaveBeenCalledWith('4');
  });
});

describe('ScrollTable', () => {
  type Row = { id: string; text: string };
  const rows: Row[] = Array.from({ length: 8 }, (_, i) => ({ id: String(i), text: `报警${i}` }));
  const columns = [{ key: 'text', title: '内容', render: (r: Row) => r.text }];
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const offsetOf = (table: HTMLElement) => (table.querySelector('.ls-scroll-rows') as HTMLElement).style.transform;

  it('scrolls one row per step with one timer, pauses on hover and stops on unmount', () => {
    const view = render(<ScrollTable columns={columns} rows={rows} rowKey={(r) => r.id} label="最新报警" visibleRows={5} stepMs={3000} />);
    const table = screen.getByRole('table', { name: '最新报警' });
    expect(liveTimerCount()).toBe(1);
    expect(offsetOf(table)).toBe('translateY(-0em)');
    act(() => void vi.advanceTimersByTime(3000));
    expect(offsetOf(table)).toBe('translateY(-2.25em)');
    fireEvent.mouseEnter(table);
    expect(liveTimerCount()).toBe(0);
    act(() => void vi.advanceTimersByTime(9000));
    expect(offsetOf(table)).toBe('translateY(-2.25em)');
    fireEvent.mouseLeave(table);
    expect(liveTimerCount()).toBe(1);
    act(() => void vi.advanceTimersByTime(3000));
    expect(offsetOf(table)).toBe('translateY(-4.5em)');
    view.unmount();
    expect(liveTimerCount()).toBe(0);
  });

  it('does not scroll when every row fits', () => {
    render(<ScrollTable columns={columns} rows={rows.slice(0, 3)} rowKey={(r) => r.id} label="最新报警" visibleRows={5} />);
    expect(liveTimerCount()).toBe(0);
    expect(screen.getAllByRole('row')).toHaveLength(4); // header + 3, no copies
  });
});

describe('AlarmTicker during an outage', () => {
  it('says 数据连接中断 instead of 暂无报警 or stale alarms', () => {
    const { rerender } = render(<AlarmTicker items={[]} outage />);
    expect(screen.getByText('数据连接中断')).toBeTruthy();
    expect(screen.queryByText('暂无报警')).toBeNull();
    rerender(<AlarmTicker items={[{ id: '1', level: '1', text: '塔吊载重超限' }]} outage />);
    expect(screen.getByText('数据连接中断')).toBeTruthy();
    expect(screen.queryByText('塔吊载重超限')).toBeNull();
    rerender(<AlarmTicker items={[]} />);
    expect(screen.getByText('暂无报警')).toBeTruthy();
  });
});

describe('AlarmTicker and VideoTile', () => {
  it('the ticker runs the alarms (twice, for a seamless loop) or says 暂无报警', () => {
    const { rerender } = render(<AlarmTicker items={[{ id: '1', level: '1', text: '塔吊载重超限' }]} />);
    expect(screen.getAllByText('塔吊载重超限')).toHaveLength(2);
    rerender(<AlarmTicker items={[]} />);
    expect(screen.getByText('暂无报警')).toBeTruthy();
  });

  it('the video tile names the camera and its state', () => {
    const onOpen = vi.fn();
    const { rerender } = render(<VideoTile name="1#大门摄像头" online onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('button', { name: '1#大门摄像头（在线）' }));
    expect(onOpen).toHaveBeenCalled();
    rerender(<VideoTile name="1#大门摄像头" online={false} />);
    expect(screen.getByRole('group', { name: '1#大门摄像头（离线）' }).textContent).toContain('设备离线，暂无画面');
  });
});

describe('identifiers shown whole and a wall as large as its cameras (issue 29)', () => {
  type Task = { id: string; taskNo: string };
  const column = { key: 'no', title: '任务单', fit: (t: Task) => t.taskNo, render: (t: Task) => t.taskNo };

  it('a fitted column is as wide as its longest identifier, whatever width was asked for', () => {
    const rows: Task[] = [{ id: '1', taskNo: 'HD-RW-0001-1' }, { id: '2', taskNo: 'HD-RW-20261207-0012' }];
    expect(textWidthCh('HD-RW-0001-1')).toBeGreaterThanOrEqual('HD-RW-0001-1'.length);
    expect(fittedTrack(column, rows)).toBe(`${Math.ceil(textWidthCh('HD-RW-20261207-0012') + 1)}ch`);
    // No rows: the title's width (CJK counts double).
    expect(fittedTrack(column, [])).toBe('7ch');
    expect(fittedTrack({ key: 'x', title: '客户', width: 'minmax(0, 1fr)', render: () => '' }, rows)).toBe('minmax(0, 1fr)');
    // Squeezed (every droppable column gone and the head still too wide): fixed tracks may shrink, cells cut with ….
    expect(fittedTrack(column, [], true)).toBe('minmax(0, 7ch)');
    expect(fittedTrack({ key: 's', title: '状态', width: '3.4em', render: () => '' }, rows, true)).toBe('minmax(0, 3.4em)');
    expect(fittedTrack({ key: 'x', title: '客户', width: 'minmax(3em, 1fr)', render: () => '' }, rows, true)).toBe('minmax(3em, 1fr)');
    render(<ScrollTable columns={[column, { key: 'site', title: '客户工地', width: 'minmax(0, 1fr)', render: () => '工地' }]} rows={rows} rowKey={(r) => r.id} label="生产任务" />);
    const head = screen.getByRole('table', { name: '生产任务' }).querySelector('.ls-scroll-head') as HTMLElement;
    expect(head.style.gridTemplateColumns).toBe(`${fittedTrack(column, rows)} minmax(0, 1fr)`);
  });

  it('a wall with fewer cameras than its split shows them as large as they fit', () => {
    expect(wallGridOf(1, 9)).toEqual({ columns: 1, rows: 1, slots: 1 });
    expect(wallGridOf(2, 9)).toEqual({ columns: 2, rows: 1, slots: 2 });
    expect(wallGridOf(3, 4)).toEqual({ columns: 2, rows: 2, slots: 4 });
    expect(wallGridOf(5, 9)).toEqual({ columns: 3, rows: 2, slots: 6 });
    // A full page or more: the split itself.
    expect(wallGridOf(9, 9)).toEqual({ columns: 3, rows: 3, slots: 9 });
    expect(wallGridOf(12, 9)).toEqual({ columns: 3, rows: 3, slots: 9 });
    expect(wallGridOf(0, 4)).toEqual({ columns: 2, rows: 2, slots: 4 });
  });
});
