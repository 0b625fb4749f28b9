// A Stream client for tests over a listening app: opens TyScreen/Stream, collects the events, and waits
// for one. Used where several streams stay open at once.
import { SCREEN_PATHS } from '../../server/screens/routes';

export type StreamEvent = { event: string; data: { screen?: string; panels?: string[] } };

export type OpenStream = {
  events: StreamEvent[];
  /** Resolves with the first event matching `match` (already received or coming), or rejects after `ms`. */
  waitFor: (match: (e: StreamEvent) => boolean, ms?: number) => Promise<StreamEvent>;
  close: () => void;
};

export async function openStream(base: string, token: string, screen: string): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(`${base}${SCREEN_PATHS.stream}?screen=${screen}`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  if (!String(res.headers.get('content-type')).includes('text/event-stream')) throw new Error(`no stream: ${res.status} ${await res.text()}`);
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const text = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          events.push({ event: /^event: (.*)$/m.exec(text)?.[1] ?? 'message', data: JSON.parse(/^data: (.*)$/m.exec(text)?.[1] ?? 'null') as StreamEvent['data'] });
          for (const w of [...waiters]) w();
        }
      }
    } catch {
      /* aborted */
    }
  })();
  const waitFor = (match: (e: StreamEvent) => boolean, ms = 10_000) =>
    new Promise<StreamEvent>((resolve, reject) => {
      const check = () => {
        const found = events.find(match);
        if (!found) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching ${screen} event within ${ms} ms; got ${JSON.stringify(events.map((e) => e.event))}`));
      }, ms);
      waiters.add(check);
      check();
    });
  const stream: OpenStream = { events, waitFor, close: () => controller.abort() };
  await waitFor((e) => e.event === 'ready');
  return stream;
}
