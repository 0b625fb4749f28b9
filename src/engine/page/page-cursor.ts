// Keyset paging in the browser (docs/metadata.md "Big tables"): the next or previous page goes by the
// cursor the server gave with the current page (pageInfo.next / prev), any other jump by index; and the
// pager's total says 约 when the server answered an estimate.
import type { PageInfo } from '../../../common/envelope';

export type PageCursor = { after?: string; before?: string };

/** The cursor that reads page `index` (of `size` rows) from the page the list shows now, if there is one. */
export function cursorFor(current: { index: number; size: number }, info: PageInfo | undefined, index: number, size: number): PageCursor {
  if (!info || size !== current.size || info.p_index !== current.index || info.p_size !== size) return {};
  if (index === current.index + 1 && info.next) return { after: info.next };
  if (index === current.index - 1 && index > 0 && info.prev) return { before: info.prev };
  return {};
}

/** 共 23 条, or 约 1,000,000 条 for an estimate. */
export const totalText = (total: number, estimated: boolean | undefined): string =>
  estimated ? `约 ${total.toLocaleString('en-US')} 条` : `共 ${total} 条`;
