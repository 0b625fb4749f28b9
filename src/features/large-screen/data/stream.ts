// The server's screen stream (docs/screens-api.md): `GET /prod-api/api/TyScreen/Stream?screen=<name>`,
// server-sent events ready / update / heartbeat. The access-token cookie authenticates it, as an
// EventSource cannot send the bearer header.
import { API_BASE } from '../../../../common/constants';

/** A screen name the server's Stream announces (docs/screens-api.md), e.g. 'EnterpriseOverview'. */
export type ScreenStreamName = string;

/** The server's heartbeat period; with a live stream, data is known current at least this often. */
export const STREAM_HEARTBEAT_MS = 15_000;
/** After a stream error the screen polls and tries the stream again after this long (before the factor). */
export const STREAM_RETRY_MS = 30_000;

export const STREAM_EVENTS = ['ready', 'update', 'heartbeat'] as const;
export type StreamEventType = (typeof STREAM_EVENTS)[number];

/** What the scheduler needs of an EventSource (a fake one in unit tests). */
export type EventSourceLike = {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
};
export type EventSourceFactory = (url: string) => EventSourceLike;

export const streamUrl = (screen: ScreenStreamName): string => `${API_BASE}/api/TyScreen/Stream?screen=${encodeURIComponent(screen)}`;

/** The browser's EventSource, or null where there is none (polling only). */
export const browserEventSource = (): EventSourceFactory | null =>
  typeof EventSource === 'undefined' ? null : (url) => new EventSource(url, { withCredentials: true });

/** The panels an `update` event names; an unreadable event counts as "everything changed". */
export function updatedPanels(event: MessageEvent): string[] | 'all' {
  try {
    const data = JSON.parse(String(event.data)) as { panels?: unknown };
    return Array.isArray(data.panels) ? data.panels.map(String) : 'all';
  } catch {
    return 'all';
  }
}
