// The response envelope of §7.1, shared by the server (which builds it) and the client (which reads it).

export type PageInfo = {
  has_next: boolean;
  has_prev: boolean;
  /** Zero-based page index. */
  p_index: number;
  p_size: number;
  record_count: number;
  /** record_count is the planner's estimate of a large result (shown as 约 N 条), not a count. */
  estimated?: boolean;
  /** Cursors of the page's last and first rows: `after=next` reads the next page, `before=prev` the previous one (keyset). */
  next?: string;
  prev?: string;
  /** The sums asked for (`sums=a,b`) over every row of the filtered list; null where no row has a value. */
  sums?: Record<string, number | null>;
};

export type Envelope<T = unknown> = {
  status: 0 | 1;
  detail: string;
  data?: T;
  pageInfo?: PageInfo;
  code?: number;
  /** A 5xx names its request (the x-request-id header too), so a user can quote it to support. */
  requestId?: string;
};

export const ok = <T>(data?: T, detail = '', pageInfo?: PageInfo): Envelope<T> =>
  pageInfo ? { status: 1, detail, data, pageInfo } : { status: 1, detail, data };

export const fail = (detail: string, code?: number): Envelope<never> =>
  code === undefined ? { status: 0, detail } : { status: 0, detail, code };

export const pageInfoOf = (index: number, size: number, recordCount: number): PageInfo => ({
  has_next: (index + 1) * size < recordCount,
  has_prev: index > 0,
  p_index: index,
  p_size: size,
  record_count: recordCount,
});
