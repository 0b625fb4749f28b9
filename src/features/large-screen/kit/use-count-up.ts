// Animated figures: from the shown value to the new one in `durationMs` with requestAnimationFrame
// (ease-out), one frame pending at most, cancelled on change and on unmount.
import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../../../lib/ui/motion';

export const COUNT_UP_MS = 1200;

const easeOut = (t: number): number => 1 - (1 - t) ** 3;

export function useCountUp(target: number | undefined, durationMs = COUNT_UP_MS): number | undefined {
  const [shown, setShown] = useState<number | undefined>(undefined);
  const shownRef = useRef<number | undefined>(undefined);

  useEffect(() => {
    const show = (v: number | undefined) => {
      shownRef.current = v;
      setShown(v);
    };
    if (target === undefined || !Number.isFinite(target)) {
      show(undefined);
      return undefined;
    }
    const from = shownRef.current ?? 0;
    if (from === target || durationMs <= 0 || prefersReducedMotion()) {
      show(target);
      return undefined;
    }
    let frame = 0;
    let startedAt: number | undefined;
    const step = (now: number) => {
      startedAt ??= now;
      const t = Math.min(1, (now - startedAt) / durationMs);
      show(from + (target - from) * easeOut(t));
      frame = t < 1 ? requestAnimationFrame(step) : 0;
    };
    frame = requestAnimationFrame(step);
    return () => {
      if (frame) cancelAnimationFrame(frame);
    };
  }, [target, durationMs]);

  return shown;
}
