// What 工程概况 derives from the Engineering answer (common/screens/engineering.ts): money in 万元 / 亿元
// (the money units of §9), areas in 万㎡, a project's schedule in words.
import type { EngineeringProject } from '../../../../../../common/screens/engineering';

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

/** §3.5 project status codes the schedule text depends on. */
const PLANNED = new Set([1, 2]);

/** The schedule of a project in words: 已竣工, planned start, elapsed share, or days since the start. */
export function progressText(p: Pick<EngineeringProject, 'status' | 'startDate' | 'daysElapsed' | 'elapsedPercent'>): string {
  if (p.status === 4) return '已竣工';
  if (PLANNED.has(p.status)) return p.startDate ? `计划 ${p.startDate} 开工` : '未定开工日期';
  if (p.elapsedPercent !== null) return `工期已过 ${p.elapsedPercent}%`;
  return p.startDate ? `已开工 ${p.daysElapsed} 天` : '未定开工日期';
}
