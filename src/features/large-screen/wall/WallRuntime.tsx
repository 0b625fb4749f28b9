// The runtime of a wall display left on for weeks (docs/large-screens.md "Wall runtime"), mounted once by
// the shell beside the screen body: the watchdog (use-watchdog.ts), the carousel and its indicator
// (use-carousel.ts), fullscreen restored after a watchdog reload, and the diagnostics overlay toggled by
// F9 or Ctrl+Shift+D (not F11: fullscreen, §2.5) — loaded when first opened. All of it runs on the wall
// clock's one timer (data/day-clock.ts).
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useClockTime } from '../data/day-clock';
import { isFullscreen, isFullscreenSupported } from '../fullscreen';
import { SCREENS } from '../screens';
import { takeFullscreenWish } from './watchdog';
import { useCarousel } from './use-carousel';
import { useWatchdog } from './use-watchdog';
import { wallStatus } from './wall-status';
import './wall.css';

const DiagnosticsOverlay = lazy(() => import('./DiagnosticsOverlay').then((m) => ({ default: m.DiagnosticsOverlay })));

/** F9 or Ctrl+Shift+D. */
export const isDiagnosticsKey = (e: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'metaKey'>): boolean =>
  (e.key === 'F9' && !e.ctrlKey && !e.altKey && !e.metaKey) || (e.ctrlKey && e.shiftKey && !e.altKey && (e.code === 'KeyD' || e.key.toLowerCase() === 'd'));

function useDiagnosticsToggle(): [boolean, () => void] {
  const [open, setOpen] = useState(() => typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('diag') === '1');
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isDiagnosticsKey(e)) return;
      e.preventDefault();
      setOpen((o) => !o);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return [open, useCallback(() => setOpen(false), [])];
}

/**
 * After a watchdog reload of a fullscreen wall: one try to enter fullscreen again (browsers refuse it
 * without a user gesture unless a policy allows it), else the first click or key anywhere restores it,
 * with a hint until then.
 */
function useFullscreenRestore(): boolean {
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (!takeFullscreenWish() || !isFullscreenSupported() || isFullscreen()) return;
    let done = false;
    const restore = () => {
      if (done) return;
      done = true;
      setWaiting(false);
      remove();
      if (!isFullscreen()) document.documentElement.requestFullscreen().catch(() => undefined);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F11') restore(); // F11 toggles fullscreen by itself (fullscreen.ts)
    };
    const remove = () => {
      window.removeEventListener('pointerdown', restore, true);
      window.removeEventListener('keydown', onKey, true);
    };
    document.documentElement.requestFullscreen().then(
      () => {
        done = true;
      },
      () => {
        if (done) return;
        setWaiting(true);
        window.addEventListener('pointerdown', restore, true);
        window.addEventListener('keydown', onKey, true);
      },
    );
    return () => {
      done = true;
      remove();
    };
  }, []);
  return waiting;
}

const titleOf = (path: string): string => SCREENS.find((s) => s.path === path)?.title ?? path;

/** The small indicator of a running carousel: place, next screen and the seconds left, or 已暂停. */
function CarouselIndicator() {
  const now = useClockTime();
  const st = wallStatus.carousel;
  if (!st) return null;
  const place = st.position >= 0 ? `${st.position + 1}/${st.paths.length}` : `-/${st.paths.length}`;
  const next = st.paths[(st.position + 1) % st.paths.length];
  const paused = st.pausedUntil !== undefined && now < st.pausedUntil;
  const left = st.nextAt === undefined ? undefined : Math.max(0, Math.ceil((st.nextAt - now) / 1000));
  return (
    <div className={`ls-carousel${paused ? ' is-paused' : ''}`} role="status" aria-label="大屏轮播" data-position={st.position} data-paused={paused || undefined}>
      <span className="ls-carousel-dot" aria-hidden="true" />
      <span>轮播 {place}</span>
      {paused ? <span>已暂停（操作中）</span> : <span>下一屏 {titleOf(next)}{left !== undefined && ` · ${left}s`}</span>}
    </div>
  );
}

export function WallRuntime({ screenPath }: { screenPath: string }) {
  useWatchdog(screenPath);
  const carousel = useCarousel(screenPath);
  const [diagnostics, closeDiagnostics] = useDiagnosticsToggle();
  const restoreHint = useFullscreenRestore();
  return (
    <>
      {carousel && <CarouselIndicator />}
      {restoreHint && (
        <div className="ls-wall-hint" role="status">
          页面已自动刷新，点击任意位置恢复全屏
        </div>
      )}
      {diagnostics && (
        <Suspense fallback={null}>
          <DiagnosticsOverlay onClose={closeDiagnostics} />
        </Suspense>
      )}
    </>
  );
}
