// What every panel of the screen takes from the one shared source: first load, failure without data,
// and the stale flag.
import type { PanelProps } from '../../../kit/Panel';
import type { SourceState } from '../../../data/scheduler';

export type SourceFrame = Pick<PanelProps, 'loading' | 'error' | 'stale'>;

export const frameOf = (source: SourceState<unknown>): SourceFrame => ({
  loading: source.loading,
  error: source.data === undefined ? source.error : undefined,
  stale: source.stale,
});
