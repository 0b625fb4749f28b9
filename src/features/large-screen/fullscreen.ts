// §2.5 fullscreen toggle and F11 (key code 122) over the Fullscreen API; §8 message when unsupported.
import { useEffect } from 'react';

export const FULLSCREEN_UNSUPPORTED = '您的浏览器版本过低，不支持全屏浏览';
export const F11_KEY_CODE = 122;

export const isFullscreenSupported = (doc: Document = document): boolean =>
  !!doc.fullscreenEnabled && typeof doc.documentElement.requestFullscreen === 'function';

export const isFullscreen = (doc: Document = document): boolean => !!doc.fullscreenElement;

export type FullscreenResult = 'entered' | 'exited' | 'unsupported';

/** Enters or leaves fullscreen; 'unsupported' when the browser has no Fullscreen API. */
export async function toggleFullscreen(doc: Document = document): Promise<FullscreenResult> {
  if (!isFullscreenSupported(doc)) return 'unsupported';
  if (isFullscreen(doc)) {
    await doc.exitFullscreen();
    return 'exited';
  }
  await doc.documentElement.requestFullscreen();
  return 'entered';
}

export const isF11 = (e: KeyboardEvent): boolean => e.keyCode === F11_KEY_CODE || e.key === 'F11';

/** F11 toggles fullscreen through the same path as the button (the browser's own F11 is prevented). */
export function useF11(onToggle: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isF11(e)) return;
      e.preventDefault();
      onToggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onToggle]);
}
