// Column settings (显示/顺序/宽度/固定) per user and page: loaded from /api/ColumnSetting/Get, saved to
// /api/ColumnSetting/Save only when the user changes them (debounced, 500 ms after the last change), applied by column key (the field name) so a
// schema edit that keeps a key keeps its setting and a new column appears where the schema puts it.
import type { ColumnSetting, ListColumn } from '../../../common/metadata';
import { http, unwrap } from '../../lib/http/client';

export const COLUMN_SETTING_GET_URL = '/api/ColumnSetting/Get';
export const COLUMN_SETTING_SAVE_URL = '/api/ColumnSetting/Save';

export const getColumnSettings = (page: string): Promise<ColumnSetting[]> =>
  unwrap(http.get<ColumnSetting[]>(COLUMN_SETTING_GET_URL, { page })).then((d) => (Array.isArray(d) ? d : []));

export const saveColumnSettings = (page: string, columns: ColumnSetting[]): Promise<unknown> =>
  unwrap(http.post(COLUMN_SETTING_SAVE_URL, { page, columns }));

/** Save this long after the last change: typing a width saves once, not on every keystroke. */
export const COLUMN_SETTING_SAVE_DELAY_MS = 500;

export type DebouncedSave = {
  /** Schedules a save of these settings, replacing any still waiting. */
  push(columns: ColumnSetting[]): void;
  /** Saves what is waiting now (the page is leaving). */
  flush(): void;
};

/** One saver per page: only the last of a burst of changes reaches the server. */
export function debouncedSave(save: (columns: ColumnSetting[]) => Promise<unknown>, delayMs = COLUMN_SETTING_SAVE_DELAY_MS): DebouncedSave {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting: ColumnSetting[] | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const columns = waiting;
    waiting = undefined;
    // A failed save keeps the change on screen; the next change saves everything again.
    if (columns) void save(columns).catch(() => undefined);
  };
  return {
    push(columns) {
      waiting = columns;
      clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
    },
    flush,
  };
}

export type SettledColumn = ListColumn & { visible: boolean };

/** The page's columns in the user's order, visibility and widths; unknown keys are ignored. */
export function applyColumnSettings(columns: readonly ListColumn[], settings: readonly ColumnSetting[]): SettledColumn[] {
  const byKey = new Map(settings.map((s) => [s.key, s]));
  return columns
    .map((c, i) => {
      const s = byKey.get(c.field);
      const fixed = s?.fixed === undefined ? c.fixed : s.fixed === 'none' ? undefined : s.fixed;
      return { column: { ...c, visible: s?.visible ?? true, ...(s?.width ? { width: s.width } : {}), fixed }, order: s?.order ?? i, i };
    })
    .sort((a, b) => a.order - b.order || a.i - b.i)
    .map((x) => x.column);
}

/** The settings that describe `columns` as shown (what Save sends). */
export const settingsOf = (columns: readonly SettledColumn[]): ColumnSetting[] =>
  columns.map((c, order) => ({ key: c.field, visible: c.visible, order, ...(c.width ? { width: c.width } : {}), fixed: c.fixed ?? 'none' }));
