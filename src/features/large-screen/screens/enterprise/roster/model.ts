// A page of GET /prod-api/api/TyScreen/Roster (docs/screens-api.md) as the browser keeps it: the rows
// (common/screens/roster.ts; the id card number arrives masked, §5.6) with the envelope's pageInfo.
import type { PageInfo } from '../../../../../../common/envelope';
import type { RosterRow } from '../../../../../../common/screens/roster';

export type RosterPage = { rows: RosterRow[]; pageInfo: PageInfo };

/** What the table asks for: zero-based page, filters of the toolbar. */
export type RosterFilter = { index: number; keyword: string; onSite: boolean };

/** Rows per page: the table is laid out for this many (the server allows 1–100). */
export const ROSTER_PAGE_SIZE = 15;
/** The server's limit on the keyword (name or team). */
export const ROSTER_KEYWORD_MAX = 16;

export const pageCount = (info: PageInfo | undefined): number => (info ? Math.max(1, Math.ceil(info.record_count / info.p_size)) : 1);

/** Counts of the roster screen's figures: all on the roster, and those on site now. */
export type RosterCounts = { roster: number; onSite: number };
