// The carousel on a mounted wall (carousel.ts has the rules): switches on the wall clock's ticks (no timer
// of its own), replacing the history entry (weeks of switches never grow the history), holding while the
// document is hidden and for PAUSE_AFTER_INPUT_MS after a user's pointer, key, wheel or touch.
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { wallClock } from '../data/day-clock';
import { scaledInterval } from '../data/refresh-factor';
import { SCREENS } from '../screens';
import { carouselHref, nextPosition, PAUSE_AFTER_INPUT_MS, positionOf, readCarousel, type Carousel } from './carousel';
import { wallStatus, type CarouselStatus } from './wall-status';

const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

// The list is resolved once per address setting, from the screen it started on: an item such as `overview`
// keeps meaning the screen it meant there while the carousel moves between families.
let resolved: { spec: string; carousel: Carousel | undefined } | undefined;

function carouselOf(search: string, screenPath: string): Carousel | undefined {
  const q = new URLSearchParams(search);
  const spec = `${q.get('carousel') ?? ''}\u0000${q.get('interval') ?? ''}`;
  if (resolved?.spec !== spec) resolved = { spec, carousel: readCarousel(q, SCREENS, screenPath) };
  return resolved.carousel;
}

/** Runs the carousel of the address on this wall; returns it (undefined without `carousel=`). */
export function useCarousel(screenPath: string): Carousel | undefined {
  const { search } = useLocation();
  const navigate = useNavigate();
  const carousel = useMemo(() => carouselOf(search, screenPath), [search, screenPath]);
  const latest = useRef({ search, screenPath, navigate });
  useEffect(() => {
    latest.current = { search, screenPath, navigate };
  });

  // The status lives as long as the list (the shell stays mounted across the switches).
  useEffect(() => {
    if (!carousel) {
      wallStatus.carousel = undefined;
      return;
    }
    if (wallStatus.carousel?.paths !== carousel.paths) {
      wallStatus.carousel = { paths: carousel.paths, unknown: carousel.unknown, intervalMs: carousel.intervalMs, position: -1, nextAt: undefined, pausedUntil: undefined, switches: 0 };
    }
  }, [carousel]);
  useEffect(() => () => void (wallStatus.carousel = undefined), []);

  useEffect(() => {
    const st = wallStatus.carousel;
    if (st) st.position = positionOf(st.paths, screenPath, st.position);
  }, [screenPath, carousel]);

  useEffect(() => {
    if (!carousel) return;
    const status = (): CarouselStatus | undefined => (wallStatus.carousel?.paths === carousel.paths ? wallStatus.carousel : undefined);
    const interval = () => scaledInterval(carousel.intervalMs);
    const onInput = () => {
      const st = status();
      if (!st) return;
      st.pausedUntil = Date.now() + scaledInterval(PAUSE_AFTER_INPUT_MS);
      st.nextAt = undefined;
    };
    const tick = () => {
      const st = status();
      const now = Date.now();
      if (!st || (typeof document !== 'undefined' && document.hidden)) return;
      if (st.pausedUntil !== undefined) {
        if (now < st.pausedUntil) return;
        st.pausedUntil = undefined;
      }
      if (st.nextAt === undefined) {
        st.nextAt = now + interval();
        return;
      }
      if (now < st.nextAt) return;
      const { search: q, screenPath: here, navigate: go } = latest.current;
      const next = nextPosition(st.paths, positionOf(st.paths, here, st.position));
      st.position = next;
      // From the planned time, not the tick's: on the clock's whole seconds a 2.5 s interval is 2 s and 3 s
      // in turn, and weeks of 60 s switches do not drift; after a stall it starts over from now.
      st.nextAt += interval();
      if (st.nextAt <= now) st.nextAt = now + interval();
      st.switches += 1;
      go(carouselHref(st.paths[next], new URLSearchParams(q), here), { replace: true });
    };
    for (const e of INPUT_EVENTS) window.addEventListener(e, onInput, { capture: true, passive: true });
    const stop = wallClock.subscribeTick(tick);
    return () => {
      stop();
      for (const e of INPUT_EVENTS) window.removeEventListener(e, onInput, { capture: true });
    };
  }, [carousel]);

  return carousel;
}
