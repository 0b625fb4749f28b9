// The watchdog on a mounted wall (watchdog.ts has the rules): reads the page every `checkMs` on the wall
// clock's ticks — no timer of its own — and reloads in place when a bound is passed and the back-off allows.
import { useEffect, useRef } from 'react';
import { page } from '../../../lib/session/actions';
import { wallClock } from '../data/day-clock';
import { isFullscreen } from '../fullscreen';
import { wallStatus } from './wall-status';
import {
  ErrorTracker,
  countDomNodes,
  erroredPanelTitles,
  readHeap,
  readHistory,
  reloadDecision,
  reloadReason,
  rememberFullscreen,
  serverAnswers,
  watchdogBounds,
  withReload,
  writeHistory,
  type WatchdogReading,
} from './watchdog';

/** How long this page has been up (ms since its navigation started). */
const uptime = (): number => (typeof performance === 'undefined' ? 0 : performance.now());

export function useWatchdog(screenPath: string): void {
  const screen = useRef(screenPath);
  useEffect(() => {
    screen.current = screenPath;
  }, [screenPath]);

  useEffect(() => {
    const tracker = new ErrorTracker();
    let lastCheck = Date.now();
    let probing = false;
    let gone = false;
    const status = wallStatus.watchdog;
    const check = () => {
      const bounds = watchdogBounds();
      status.bounds = bounds;
      if (!bounds) return;
      const now = Date.now();
      if (now - lastCheck < bounds.checkMs || probing) return;
      lastCheck = now;
      const reading: WatchdogReading = {
        now,
        uptimeMs: uptime(),
        heap: readHeap(),
        domNodes: countDomNodes(),
        erroredPanels: tracker.update(screen.current, erroredPanelTitles(), now),
      };
      Object.assign(status, { checkedAt: now, heap: reading.heap, domNodes: reading.domNodes, erroredPanels: reading.erroredPanels, held: undefined });
      const reason = reloadReason(reading, bounds);
      if (!reason) return;
      const decision = reloadDecision(readHistory(), reading, bounds);
      if (!decision.allowed) {
        status.held = { reason, why: decision.why };
        return;
      }
      probing = true;
      const url = window.location.href;
      void serverAnswers(url).then((ok) => {
        probing = false;
        if (gone) return;
        if (!ok) {
          status.held = { reason, why: '服务器无响应，恢复后再刷新' };
          return;
        }
        // Written before the reload: the next page starts with its back-off and restores fullscreen.
        writeHistory(withReload(readHistory(), reason, Date.now(), url));
        rememberFullscreen(isFullscreen());
        page.reload(); // location.reload(): the same address and query, the carousel's place included
      });
    };
    const stop = wallClock.subscribeTick(check);
    return () => {
      gone = true;
      stop();
    };
  }, []);
}
