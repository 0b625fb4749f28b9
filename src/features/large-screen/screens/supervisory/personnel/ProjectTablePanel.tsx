// 项目实名制登记: every project of the area with its roster, registration and today's attendance, the
// projects with most workers first; scrolling when they do not all fit.
import { useMemo } from 'react';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { SupervisedProject } from '../../../../../../common/screens/supervisory';

const rate = (v: number) => `${v}%`;

const COLUMNS: readonly ScrollColumn<SupervisedProject>[] = [
  { key: 'name', title: '项目名称', width: 'minmax(0, 1.6fr)', render: (p) => <span title={p.projectName}>{p.projectName}</span> },
  { key: 'company', title: '所属企业', width: 'minmax(0, 1.2fr)', render: (p) => <span title={p.companyName}>{p.companyName}</span> },
  { key: 'area', title: '区县', width: '4.2em', render: (p) => p.areaName || '--' },
  { key: 'status', title: '状态', width: '3em', align: 'center', render: (p) => <span className={`sp-status is-${p.status}`}>{p.statusName}</span> },
  { key: 'roster', title: '在册', width: '3.4em', align: 'right', render: (p) => p.roster },
  { key: 'registered', title: '已登记', width: '3.6em', align: 'right', render: (p) => p.registered },
  { key: 'registrationRate', title: '登记率', width: '4em', align: 'right', render: (p) => rate(p.registrationRate) },
  { key: 'attended', title: '出勤', width: '3.4em', align: 'right', render: (p) => p.attended },
  {
    key: 'attendanceRate',
    title: '出勤率',
    width: '4em',
    align: 'right',
    render: (p) => <span className={p.roster > 0 && p.attendanceRate < 60 ? 'sp-low' : undefined}>{rate(p.attendanceRate)}</span>,
  },
  { key: 'onSite', title: '在场', width: '3.4em', align: 'right', render: (p) => p.onSite },
];

export function ProjectTablePanel({ projects, frame }: { projects: SupervisedProject[] | undefined; frame: SourceFrame }) {
  const rows = useMemo(
    () => [...(projects ?? [])].sort((a, b) => b.roster - a.roster || a.projectName.localeCompare(b.projectName, 'zh-CN')),
    [projects],
  );
  return (
    <Panel title="项目实名制登记" {...frame} empty={rows.length === 0} extra={projects && <span>共 {projects.length} 个项目</span>}>
      <ScrollTable columns={COLUMNS} rows={rows} rowKey={(p) => p.projectId} label="各项目实名制登记与出勤" visibleRows={8} />
    </Panel>
  );
}
