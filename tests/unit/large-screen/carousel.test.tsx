// The wall's carousel (wall/carousel.ts, use-carousel.ts): which screens an address lists, their order
// (around, a screen named twice), the address of the next one, and the switching on the wall clock —
// paused by a user's input and while the document is hidden (docs/large-screens.md "Wall runtime").
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { SCREENS } from '../../../src/features/large-screen/screens';
import {
  carouselHref,
  nextPosition,
  PAUSE_AFTER_INPUT_MS,
  positionOf,
  readCarousel,
  resolveItem,
} from '../../../src/features/large-screen/wall/carousel';
import { useCarousel } from '../../../src/features/large-screen/wall/use-carousel';
import { wallStatus } from '../../../src/features/large-screen/wall/wall-status';

const E = '/LargeScreen/EnterpriseScreen';
const S = '/LargeScreen/SupervisoryScreen';
const q = (s: string) => new URLSearchParams(s);

describe('reading the list', () => {
  it('names resolve to built screens, the current family first', () => {
    expect(resolveItem('overview', SCREENS, `${E}/warning`)).toBe(`${E}/overview`);
    expect(resolveItem('overview', SCREENS, `${S}/personnel`)).toBe(`${S}/overview`);
    expect(resolveItem('SupervisoryScreen/overview', SCREENS, `${E}/warning`)).toBe(`${S}/overview`);
    expect(resolveItem(`${E}/Report`, SCREENS, `${E}/warning`)).toBe(`${E}/report`);
    // A screen registered without a body is never shown by the carousel.
    const withUnbuilt = SCREENS.map((s) => (s.path.endsWith("/engineering") ? { path: s.path, title: s.title } : s));
    expect(resolveItem('engineering', SCREENS, `${E}/warning`)).toBe(`${E}/engineering`);
    expect(resolveItem('engineering', withUnbuilt, `${E}/warning`)).toBeUndefined();
    expect(resolveItem('nothing', SCREENS, `${E}/warning`)).toBeUndefined();
  });

  it('?carousel=overview,warning,report&interval=60 in that order; unknown items are set aside', () => {
    expect(readCarousel(q('carousel=overview,warning,report&interval=60'), SCREENS, `${E}/overview`)).toEqual({
      paths: [`${E}/overview`, `${E}/warning`, `${E}/report`],
      intervalMs: 60_000,
      unknown: [],
    });
    expect(readCarousel(q('carousel=overview,nothing,warning'), SCREENS, `${E}/overview`)).toMatchObject({ intervalMs: 60_000, unknown: ['nothing'] });
    // interval bounded to 5 s … 24 h
    expect(readCarousel(q('carousel=overview,warning&interval=1'), SCREENS, `${E}/overview`)?.intervalMs).toBe(5000);
    // fewer than two screens is no carousel
    expect(readCarousel(q('carousel=overview'), SCREENS, `${E}/overview`)).toBeUndefined();
    expect(readCarousel(q(''), SCREENS, `${E}/overview`)).toBeUndefined();
  });

  it('all: every built screen once', () => {
    const all = readCarousel(q('carousel=all'), SCREENS, `${E}/overview`);
    const built = SCREENS.filter((s) => s.body).map((s) => s.path);
    expect(all?.paths).toEqual([...new Set(built)]);
    const withUnbuilt = SCREENS.map((s) => (s.path.endsWith("/engineering") ? { path: s.path, title: s.title } : s));
    expect(readCarousel(q('carousel=all'), withUnbuilt, `${E}/overview`)?.paths).not.toContain(`${E}/engineering`);
  });
});

describe('order', () => {
  const list = [`${E}/overview`, `${E}/warning`, `${E}/overview`, `${E}/report`];
  it('goes round, and a screen named twice keeps its place', () => {
    expect(positionOf(list, `${E}/overview`, undefined)).toBe(0);
    expect(positionOf(list, `${E}/overview`, 2)).toBe(2);
    expect(positionOf(list, `${E}/OVERVIEW`, 2)).toBe(2);
    expect(positionOf(list, `${E}/vehicle`, 1)).toBe(-1);
    expect(nextPosition(list, 3)).toBe(0);
    expect(nextPosition(list, -1)).toBe(0);
  });

  it('the next address keeps the query, the header choice only within the family', () => {
    const search = q('carousel=overview,SupervisoryScreen/overview&interval=30&pjctid1=7&sortId=1&id=2');
    expect(carouselHref(`${E}/warning`, search, `${E}/overview`)).toBe(`${E}/warning?carousel=overview,SupervisoryScreen/overview&interval=30&pjctid1=7&sortId=1&id=2`);
    expect(carouselHref(`${S}/overview`, search, `${E}/overview`)).toBe(`${S}/overview?carousel=overview,SupervisoryScreen/overview&interval=30&pjctid1=7`);
  });
});

function Wall() {
  const { pathname } = useLocation();
  useCarousel(pathname);
  return <output data-testid="at">{pathname}</output>;
}

function renderWall(at: string) {
  const router = createMemoryRouter([{ path: '*', element: <Wall /> }], { initialEntries: [at] });
  render(<RouterProvider router={router} />);
  return router;
}

const shown = () => screen.getByTestId('at').textContent;

describe('useCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-28T10:00:00+08:00'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows each screen `interval` seconds in order, round, replacing the history entry', () => {
    const router = renderWall(`${E}/overview?carousel=overview,warning,report&interval=10`);
    act(() => vi.advanceTimersByTime(10_000));
    expect(shown()).toBe(`${E}/overview`);
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toBe(`${E}/warning`);
    expect(router.state.location.search).toBe('?carousel=overview,warning,report&interval=10');
    act(() => vi.advanceTimersByTime(10_000));
    expect(shown()).toBe(`${E}/report`);
    act(() => vi.advanceTimersByTime(10_000));
    expect(shown()).toBe(`${E}/overview`);
    expect(wallStatus.carousel).toMatchObject({ position: 0, switches: 3 });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('a user input pauses it; it goes on after two minutes without any', () => {
    renderWall(`${E}/overview?carousel=overview,warning&interval=10`);
    act(() => vi.advanceTimersByTime(5000));
    fireEvent.pointerDown(window);
    act(() => vi.advanceTimersByTime(PAUSE_AFTER_INPUT_MS - 1000));
    expect(shown()).toBe(`${E}/overview`);
    expect(wallStatus.carousel?.pausedUntil).toBeDefined();
    act(() => vi.advanceTimersByTime(1000 + 11_000));
    expect(shown()).toBe(`${E}/warning`);
  });

  it('holds while the document is hidden', () => {
    renderWall(`${E}/overview?carousel=overview,warning&interval=10`);
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    act(() => vi.advanceTimersByTime(30_000));
    expect(shown()).toBe(`${E}/overview`);
    hidden.mockRestore();
    act(() => vi.advanceTimersByTime(12_000));
    expect(shown()).toBe(`${E}/warning`);
  });

  it('without carousel= nothing moves', () => {
    renderWall(`${E}/overview`);
    act(() => vi.advanceTimersByTime(120_000));
    expect(shown()).toBe(`${E}/overview`);
    expect(wallStatus.carousel).toBeUndefined();
  });
});
