// Where a pie (or ring) and its legend go in a box of any aspect: the legend beside the pie in a wide
// box, under it in a tall one — whichever leaves the larger pie —, the pair centred, the radius from the
// space left (never cut on either side). Legend lines wider than the room they get are truncated with …
// (the tooltip names them in full). Sizes in px; text widths are estimated (CJK one em, others 0.6 em).

export type ChartBox = { width: number; height: number };

export type PieLayout = {
  /** Legend beside the pie (vertical list) or under it (wrapped rows). */
  legendAt: 'side' | 'bottom';
  cx: number;
  cy: number;
  /** Outer radius; the pie fits its box with `pad` to spare. */
  radius: number;
  legend: { left: number; top: number; width: number; height: number };
  /** The vertical list is taller than the box: page it (ECharts' scroll legend). */
  pages: boolean;
  /** Width left for a legend line's text (after the icon). */
  textWidth: number;
};

export type PieLayoutInput = {
  /** The legend lines as shown (name and value). */
  lines: readonly string[];
  fontSize: number;
  iconSize: number;
  /** Vertical gap between legend lines. */
  itemGap: number;
  em: number;
};

/** Space between the legend's icon and text (ECharts' fixed 5 px). */
const ICON_TEXT_GAP = 5;
const WIDE_CHAR = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** Estimated width of a line of text at `fontSize`. */
export function textWidth(text: string, fontSize: number): number {
  let w = 0;
  for (const ch of text) w += WIDE_CHAR.test(ch) ? fontSize : fontSize * 0.6;
  return w;
}

/** Rows needed to lay `widths` out left to right within `room`, `gap` apart. */
const rowsFor = (widths: readonly number[], room: number, gap: number): number => {
  let rows = widths.length > 0 ? 1 : 0;
  let used = 0;
  for (const w of widths) {
    const need = used === 0 ? w : used + gap + w;
    if (need > room && used > 0) {
      rows += 1;
      used = w;
    } else used = need;
  }
  return rows;
};

export function pieLayout({ lines, fontSize, iconSize, itemGap, em }: PieLayoutInput, box: ChartBox): PieLayout {
  const W = Math.max(box.width, 1);
  const H = Math.max(box.height, 1);
  const pad = em * 0.4;
  const gap = em * 0.9;
  const lineHeight = fontSize * 1.3;
  const icon = iconSize + ICON_TEXT_GAP;
  const itemWidths = lines.map((l) => icon + textWidth(l, fontSize));
  const widest = Math.max(0, ...itemWidths);

  // Beside: a vertical list at most 55 % of the width.
  const sideLegendW = Math.min(widest, W * 0.55);
  const sideLegendH = lines.length * lineHeight + Math.max(0, lines.length - 1) * itemGap;
  const sideD = Math.min(H - 2 * pad, W - 2 * pad - gap - sideLegendW);

  // Under: rows as wide as the box.
  const room = W - 2 * pad;
  const rowGap = em * 0.8;
  const rows = rowsFor(itemWidths.map((w) => Math.min(w, room)), room, rowGap);
  const bottomLegendH = rows * lineHeight + Math.max(0, rows - 1) * (itemGap * 0.6);
  const bottomD = Math.min(W - 2 * pad, H - 2 * pad - gap * 0.6 - bottomLegendH);

  if (lines.length === 0 || sideD >= bottomD * 0.92) {
    const d = Math.max(sideD, em);
    const legendW = lines.length === 0 ? 0 : sideLegendW;
    const x0 = Math.max(pad, (W - (d + (legendW > 0 ? gap + legendW : 0))) / 2);
    return {
      legendAt: 'side',
      cx: x0 + d / 2,
      cy: H / 2,
      radius: d / 2,
      legend: { left: x0 + d + gap, top: Math.max(pad, (H - sideLegendH) / 2), width: legendW, height: Math.min(sideLegendH, H - 2 * pad) },
      textWidth: Math.max(legendW - icon, fontSize),
      pages: sideLegendH > H - 2 * pad,
    };
  }
  const d = Math.max(bottomD, em);
  const legendH = Math.min(bottomLegendH, H - 2 * pad - d - gap * 0.6);
  const y0 = Math.max(pad, (H - (d + gap * 0.6 + bottomLegendH)) / 2);
  return {
    legendAt: 'bottom',
    cx: W / 2,
    cy: y0 + d / 2,
    radius: d / 2,
    legend: { left: pad, top: y0 + d + gap * 0.6, width: room, height: Math.max(legendH, lineHeight) },
    textWidth: Math.max(room - icon, fontSize),
    pages: false,
  };
}
