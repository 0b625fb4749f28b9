// What every panel of a screen takes from the screen's one shared source: first load, failure without
// data, the stale flag, when the data was fetched (the diagnostics overlay reads it), and why an empty
// panel is empty when the screen knows (本项目无隧道). `<Panel {...frame}>`
// shows them.
import type { SourceState } from '../data/scheduler';
import type { PanelProps } from './Panel';

export type SourceFrame = Pick<PanelProps, 'loading' | 'error' | 'stale' | 'updatedAt' | 'emptyText'>;

/** `emptyText`: why an empty panel is empty, when the screen knows (else the panel says 暂无数据). */
export const frameOf = (source: SourceState<unknown>, emptyText?: string): SourceFrame => ({
  ...(emptyText !== undefined ? { emptyText } : {}),
  loading: source.loading,
  error: source.data === undefined ? source.error : undefined,
  stale: source.stale,
  updatedAt: source.updatedAt,
});

/** The source is down: its last request failed (with or without older data) or its data went stale. */
export const isOutage = (source: SourceState<unknown>): boolean => source.error !== undefined || source.stale;
