// Which item a rotating panel shows (塔吊实时监测, 风向风速): it moves on to the next item every step
// (10 s × refresh factor), not while the pointer is over the panel; a choice (ranking row or the
// panel's arrows) shows at once and restarts the step. One interval at most, none with a single item.
import { useCallback, useEffect, useState } from 'react';
import { startInterval, stopTimer } from '../data/live-handles';
import { scaledInterval } from '../data/refresh-factor';

export const ROTATION_STEP_MS = 10_000;

/** The id after `current` in `ids`, wrapping; the first when `current` is not among them. */
export const nextId = (ids: readonly string[], current: string | undefined, step = 1): string | undefined => {
  if (ids.length === 0) return undefined;
  const at = current === undefined ? -1 : ids.indexOf(current);
  if (at < 0) return ids[0];
  return ids[(at + step + ids.length) % ids.length];
};

export type Rotation = {
  current: string | undefined;
  select: (id: string) => void;
  step: (by: 1 | -1) => void;
  setPaused: (paused: boolean) => void;
};

/**
 * `cycle`: the ids visited in turn; `known`: every id that may be chosen (a choice outside them falls
 * back to the first of `cycle`, e.g. after the device left the scope).
 */
export function useRotation(cycle: readonly string[], known: readonly string[], stepMs = ROTATION_STEP_MS): Rotation {
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [paused, setPaused] = useState(false);
  const [restart, setRestart] = useState(0);
  const current = chosen !== undefined && known.includes(chosen) ? chosen : cycle[0];
  const cycleKey = cycle.join('\u0000');

  useEffect(() => {
    const ids = cycleKey === '' ? [] : cycleKey.split('\u0000');
    if (paused || ids.length < 2) return undefined;
    const timer = startInterval(() => setChosen((c) => nextId(ids, c ?? ids[0])), scaledInterval(stepMs));
    return () => stopTimer(timer);
  }, [paused, cycleKey, stepMs, restart]); // `restart`: a choice starts a full step

  const select = useCallback((id: string) => {
    setChosen(id);
    setRestart((n) => n + 1);
  }, []);
  const step = useCallback(
    (by: 1 | -1) => {
      setChosen(nextId(known, current, by));
      setRestart((n) => n + 1);
    },
    [known, current],
  );
  return { current, select, step, setPaused };
}
