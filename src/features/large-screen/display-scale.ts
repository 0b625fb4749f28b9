// §9 display: the root font size follows the window width relative to the 1920 px design (capped at 2×,
// never below the 1024 px minimum), re-computed 100 ms after the last resize and restored on leaving.
// The header is laid out in rem (width scale). The body area gets its own font size, the smaller of the
// width scale and the height it has left, so 16:10 and ultra-wide displays never clip; bodies use em.
import { useEffect, useState } from 'react';

export const DESIGN_WIDTH = 1920;
export const DESIGN_HEIGHT = 1080;
export const BASE_FONT_PX = 16;
export const MIN_WIDTH = 1024;
export const MAX_SCALE = 2;
export const RESIZE_DEBOUNCE_MS = 100;
/** Header height in design px (5.5rem); the body is designed for the rest of the 1080. */
export const HEADER_DESIGN_PX = 88;

/** Width scale of §9: width / 1920, with width at least 1024 and the scale at most 2. */
export const widthScale = (width: number): number => Math.min(Math.max(width, MIN_WIDTH) / DESIGN_WIDTH, MAX_SCALE);

export const rootFontSize = (width: number): number => BASE_FONT_PX * widthScale(width);

/** The body's font size: width scale, lowered when the height left under the header is short. */
export function bodyFontSize(width: number, height: number): number {
  const w = widthScale(width);
  const headerPx = HEADER_DESIGN_PX * w;
  const heightScale = Math.max(height - headerPx, 0) / (DESIGN_HEIGHT - HEADER_DESIGN_PX);
  return BASE_FONT_PX * Math.min(w, heightScale);
}

export type DisplayScale = { rootPx: number; bodyPx: number };

export const displayScaleFor = (width: number, height: number): DisplayScale => ({
  rootPx: rootFontSize(width),
  bodyPx: bodyFontSize(width, height),
});

const measure = (): DisplayScale => displayScaleFor(window.innerWidth, window.innerHeight);

/** Applies the root font size while mounted and returns the current scale for the body area. */
export function useDisplayScale(): DisplayScale {
  const [scale, setScale] = useState(measure);

  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.fontSize;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = () => {
      const next = measure();
      root.style.fontSize = `${next.rootPx}px`;
      setScale((s) => (s.rootPx === next.rootPx && s.bodyPx === next.bodyPx ? s : next));
    };
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(apply, RESIZE_DEBOUNCE_MS);
    };
    apply();
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
      root.style.fontSize = previous;
    };
  }, []);

  return scale;
}
