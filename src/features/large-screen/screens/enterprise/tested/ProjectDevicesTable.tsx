// 项目设备明细: every project's devices — total, online, offline, alarming — and its online rate as a
// bar; projects without devices show --. Rows scroll when more than fit.
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { ProjectOnline } from '../../../../../../common/screens/devices';

const rateClass = (rate: number): string => (rate >= 85 ? 'is-good' : rate >= 60 ? 'is-fair' : 'is-poor');

const COLUMNS: readonly ScrollColumn<ProjectOnline>[] = [
  { key: 'project', title: '项目', width: 'minmax(0, 2fr)', render: (p) => <span title={p.projectName}>{p.projectName}</span> },
  { key: 'total', title: '设备数', width: '4em', align: 'right', render: (p) => <span className="ls-digits">{p.total}</span> },
  { key: 'online', title: '在线', width: '3.4em', align: 'right', render: (p) => <span className="ls-digits ts-online">{p.online}</span> },
  { key: 'offline', title: '离线', width: '3.4em', align: 'right', render: (p) => <span className="ls-digits ts-offline">{p.offline}</span> },
  { key: 'alarm', title: '报警', width: '3.4em', align: 'right', render: (p) => <span className={`ls-digits${p.alarm > 0 ? ' ts-alarm' : ''}`}>{p.alarm}</span> },
  {
    key: 'rate',
    title: '在线率',
    width: 'minmax(0, 1.2fr)',
    render: (p) =>
      p.total === 0 ? (
        <span className="ts-offline">--</span>
      ) : (
        <span className="ts-rate">
          <span className="ts-rate-track" aria-hidden="true">
            <span className={`ts-rate-bar ${rateClass(p.onlineRate)}`} style={{ width: `${p.onlineRate}%` }} />
          </span>
          <span className="ls-digits">{p.onlineRate}%</span>
        </span>
      ),
  },
];

export function ProjectDevicesTable({ projects, frame }: { projects: ProjectOnline[] | undefined; frame: SourceFrame }) {
  return (
    <Panel title="项目设备明细" {...frame} empty={!projects || projects.length === 0}>
      <ScrollTable columns={COLUMNS} rows={projects ?? []} rowKey={(p) => p.projectId} label="各项目设备在线明细" visibleRows={6} />
    </Panel>
  );
}
