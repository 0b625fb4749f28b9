// 项目出勤排行: the ten projects with most attendance today, with roster, on site and rates.
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { ProjectWorkforce } from '../../../../../../common/screens/workforce';

type RankedProject = ProjectWorkforce & { rank: number };

const COLUMNS: readonly ScrollColumn<RankedProject>[] = [
  { key: 'rank', title: '排名', width: '2.6em', align: 'center', render: (p) => <span className={`bp-rank${p.rank <= 3 ? ' is-top' : ''}`}>{p.rank}</span> },
  { key: 'name', title: '项目名称', width: 'minmax(0, 2.4fr)', render: (p) => <span title={p.projectName}>{p.projectName}</span> },
  { key: 'roster', title: '在册', width: 'minmax(0, 0.6fr)', align: 'right', render: (p) => <span className="ls-digits">{p.roster}</span> },
  { key: 'attended', title: '出勤', width: 'minmax(0, 0.6fr)', align: 'right', render: (p) => <span className="ls-digits">{p.attended}</span> },
  { key: 'onSite', title: '在场', width: 'minmax(0, 0.6fr)', align: 'right', render: (p) => <span className="ls-digits">{p.onSite}</span> },
  { key: 'units', title: '参建单位', width: 'minmax(0, 0.7fr)', align: 'right', render: (p) => <span className="ls-digits">{p.units}</span> },
  {
    key: 'rate',
    title: '出勤率',
    width: 'minmax(0, 1.4fr)',
    render: (p) => (
      <span className="bp-rate" role="meter" aria-label="出勤率" aria-valuenow={p.attendanceRate} aria-valuemin={0} aria-valuemax={100}>
        <span className="bp-rate-track" aria-hidden="true">
          <span className="bp-rate-bar" style={{ width: `${Math.min(100, p.attendanceRate)}%` }} />
        </span>
        <span className="ls-digits">{p.attendanceRate}%</span>
      </span>
    ),
  },
  { key: 'registration', title: '实名登记率', width: 'minmax(0, 0.9fr)', align: 'right', render: (p) => <span className="ls-digits">{p.registrationRate}%</span> },
];

export function TopProjectsPanel({ projects, frame }: { projects: ProjectWorkforce[] | undefined; frame: SourceFrame }) {
  const rows = (projects ?? []).map((p, i) => ({ ...p, rank: i + 1 }));
  return (
    <Panel title="项目出勤排行" {...frame} empty={rows.length === 0} extra={<span>今日出勤前 10 名</span>}>
      <ScrollTable columns={COLUMNS} rows={rows} rowKey={(p) => p.projectId} label="项目出勤排行" visibleRows={8} />
    </Panel>
  );
}
