// What 工程概况 derives from the Engineering answer (common/screens/engineering.ts): money in 万元 / 亿元
// (the money units of §9), areas in 万㎡.

/** 元 → 万元 with two decimals. */
export const wan = (yuan: number): number => Math.round(yuan / 100) / 100;
/** 元 → 亿元 with two decimals. */
export const yi = (yuan: number): number => Math.round(yuan / 1_000_000) / 100;
/** m² → 万㎡ with two decimals. */
export const wanSquareMetres = (m2: number): number => Math.round(m2 / 100) / 100;

/** A sum of money in words with the largest fitting unit: 1.23亿元, 4,560.5万元, 800元; -- without one. */
export function moneyText(yuan: number | null | undefined): string {
  if (yuan === null || yuan === undefined) return '--';
  if (yuan >= 100_000_000) return `${yi(yuan).toLocaleString('zh-CN')}亿元`;
  if (yuan >= 10_000) return `${wan(yuan).toLocaleString('zh-CN')}万元`;
  return `${yuan.toLocaleString('zh-CN')}元`;
}
