// The map at any wall size (§9 display): OpenLayers works in CSS pixels, so a map twice as wide shows
// twice the area with markers half as large. The map reads the display scale from its own font size
// (the shell sets the body font: 16 px at 1920×1080, 32 px on a 3840 wall, about 8.5 px at 1024) and
// adds log2(scale) to the zoom, and draws markers, labels and cluster distances in design px × scale,
// so every display shows the same area with the same marks.
import { BASE_FONT_PX } from '../display-scale';
import { MAX_ZOOM, MIN_ZOOM } from './constants';

/** Display scale of the map: its font over the 16 px design font (1 when unknown). */
export const mapScaleOf = (fontPx: number): number => (Number.isFinite(fontPx) && fontPx > 0 ? fontPx / BASE_FONT_PX : 1);

/** The display scale of the element the map draws in. */
export const mapScaleOfElement = (el: HTMLElement): number => mapScaleOf(Number.parseFloat(getComputedStyle(el).fontSize));

/** The OpenLayers zoom that shows the area of design level `zoom` at `scale` (fractional, within limits). */
export const scaledZoom = (zoom: number, scale: number): number => Math.min(Math.max(zoom + Math.log2(scale), MIN_ZOOM), MAX_ZOOM);

/** Design px at the scale. */
export const scaledPx = (designPx: number, scale: number): number => designPx * scale;

/** Marker titles: 0.8 of the body font (12.8 px at 1920×1080), never below 7 px. */
export const LABEL_DESIGN_PX = 12.8;
export const labelFontPx = (scale: number): number => Math.max(7, Math.round(LABEL_DESIGN_PX * scale * 10) / 10);
