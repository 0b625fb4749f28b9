// 单位人员分布: workers on the roster and attended today, summed over each company's projects, as bars.
// Company names lose their legal-form suffix and are cut at 10 characters (§5.6); the axis makes room for
// them, so nothing is clipped on a small display.
import { useMemo } from 'react';
import { COMPANY_NAME_MAX, truncate } from '../../../../../../common/display';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { ProjectSchedule } from '../../../../../../common/screens/project-management';

/** 内江建工路桥工程有限公司 → 内江建工路桥工程. */
export const shortCompanyName = (name: string): string => truncate(name.replace(/(股份有限公司|有限责任公司|有限公司)$/, ''), COMPANY_NAME_MAX);

export type CompanyWorkers = { name: string; workers: number; attended: number };

/** Roster and attendance per company, largest roster first; companies without workers are left out. */
export function workersByCompany(projects: readonly ProjectSchedule[]): CompanyWorkers[] {
  const byCompany = new Map<string, CompanyWorkers>();
  for (const p of projects) {
    const entry = byCompany.get(p.companyId) ?? { name: shortCompanyName(p.companyName) || '未填写', workers: 0, attended: 0 };
    entry.workers += p.workers;
    entry.attended += p.attendedToday;
    byCompany.set(p.companyId, entry);
  }
  return [...byCompany.values()].filter((d) => d.workers > 0).sort((a, b) => b.workers - a.workers);
}

export function CompanyWorkersPanel({ projects, frame }: { projects: ProjectSchedule[] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const list = workersByCompany(projects ?? []);
    const series: BarSeries[] = [
      { name: '在册', data: list.map((c) => c.workers), color: '#1ec8ff' },
      { name: '今日出勤', data: list.map((c) => c.attended), color: '#22e3a5' },
    ];
    return { categories: list.map((c) => c.name), series };
  }, [projects]);
  return (
    <Panel title="单位人员分布" {...frame} empty={chart.categories.length === 0}>
      <BarChart categories={chart.categories} series={chart.series} unit="人" horizontal label="各单位在册与今日出勤人数" />
    </Panel>
  );
}
