// Share links from the browser (docs/share-links.md): POST Share/Create as the signed-in user, and the
// public answers a share page reads with a plain fetch — no session, no 401 prompt, nothing but the link.
import { API_BASE } from '../../../common/constants';
import { SHARE_MESSAGES, SHARE_PATHS, type ShareKind, type ShareLink } from '../../../common/share';
import { request, unwrap } from '../http/client';

export const createShareLink = (kind: ShareKind, id: string, hours: number): Promise<ShareLink> =>
  unwrap(request<ShareLink>({ method: 'POST', url: SHARE_PATHS.create.slice(API_BASE.length), data: { kind, id, hours } }));

/** The full address of a link's page on this site. */
export const shareUrlOf = (link: Pick<ShareLink, 'path'>): string => `${window.location.origin}${link.path}`;

/** An `<iframe>` for another system's page. */
export const embedCodeOf = (url: string): string =>
  `<iframe src="${url}" width="640" height="360" frameborder="0" allow="autoplay; fullscreen" allowfullscreen></iframe>`;

/** A public share answer's data, or an Error with the server's Chinese refusal. */
export async function fetchShared<T>(url: string, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'omit', signal, headers: { accept: 'application/json' } });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new Error('网络连接失败，请稍后重试');
  }
  const payload = (await res.json().catch(() => null)) as { status?: number; detail?: unknown; data?: T } | null;
  if (payload?.status === 1 && payload.data !== undefined) return payload.data;
  throw new Error(typeof payload?.detail === 'string' && payload.detail ? payload.detail : SHARE_MESSAGES.invalid);
}

/** The token of a share page's address (`?token=`), '' when none. */
export const tokenOf = (search: string): string => new URLSearchParams(search).get('token')?.trim() ?? '';

