// 项目检测合格率: the projects' pass rates, lowest first so a failing site is on top.
import { useMemo } from 'react';
import { Panel } from '../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../kit/ScrollTable';
import type { SourceFrame } from '../../kit/frame';
import type { Testing } from '../../../../../common/screens/testing';
import { PassRate } from './PassRate';

type ProjectRow = Testing['byProject'][number];

const COLUMNS: readonly ScrollColumn<ProjectRow>[] = [
  { key: 'name', title: '项目', width: 'minmax(0, 2.2fr)', render: (p) => <span title={p.projectName}>{p.projectName}</span> },
  { key: 'total', title: '样品', width: '3em', align: 'right', render: (p) => <span className="ls-digits">{p.total}</span> },
  { key: 'bad', title: '不合格', width: '3.6em', align: 'right', render: (p) => <span className={`ls-digits${p.unqualified > 0 ? ' tc-bad' : ''}`}>{p.unqualified}</span> },
  { key: 'rate', title: '合格率', width: 'minmax(0, 1.3fr)', render: (p) => <PassRate group={p} /> },
];

export function ProjectPassPanel({ projects, frame }: { projects: ProjectRow[] | undefined; frame: SourceFrame }) {
  const rows = useMemo(() => [...(projects ?? [])].sort((a, b) => b.unqualified - a.unqualified || a.passRate - b.passRate), [projects]);
  return (
    <Panel title="项目检测合格率" {...frame} empty={!projects || projects.length === 0}>
      <ScrollTable columns={COLUMNS} rows={rows} rowKey={(p) => p.projectId} label="各项目检测合格率" visibleRows={4} />
    </Panel>
  );
}
