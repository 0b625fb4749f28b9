// 班组出勤 and 参建单位: a roster group per row with its attendance today, scrolling when more than fit.
import { Panel } from '../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../kit/ScrollTable';
import { percentOf } from '../../kit/format';
import type { SourceFrame } from '../../kit/frame';
import type { GroupAttendance } from '../../../../../common/screens/personnel';

/** attended / roster in % with one decimal (0 without a roster), as the server's rates. */
export const rateOf = (attended: number, roster: number): number => percentOf(attended, roster);

const columns = (nameTitle: string): readonly ScrollColumn<GroupAttendance>[] => [
  { key: 'name', title: nameTitle, width: 'minmax(0, 1fr)', render: (g) => <span title={g.name}>{g.name}</span> },
  { key: 'roster', title: '在册', width: '2.8em', align: 'right', render: (g) => <span className="ls-digits">{g.roster}</span> },
  { key: 'attended', title: '出勤', width: '2.8em', align: 'right', render: (g) => <span className="ls-digits">{g.attended}</span> },
  { key: 'onSite', title: '在场', width: '2.8em', align: 'right', render: (g) => <span className="ls-digits">{g.onSite}</span> },
  { key: 'rate', title: '出勤率', width: '3.8em', align: 'right', render: (g) => <span className="ls-digits">{rateOf(g.attended, g.roster)}%</span> },
];

const TEAM_COLUMNS = columns('班组');
const UNIT_COLUMNS = columns('单位名称');

export type GroupTablePanelProps = {
  title: '班组出勤' | '参建单位';
  groups: GroupAttendance[] | undefined;
  /** Number of groups in all (the list may be cut, e.g. the 20 largest teams). */
  total: number | undefined;
  frame: SourceFrame;
};

export function GroupTablePanel({ title, groups, total, frame }: GroupTablePanelProps) {
  const isTeam = title === '班组出勤';
  return (
    <Panel title={title} {...frame} empty={!groups || groups.length === 0} extra={total !== undefined && <span>共 {total} {isTeam ? '个班组' : '家单位'}</span>}>
      <ScrollTable columns={isTeam ? TEAM_COLUMNS : UNIT_COLUMNS} rows={groups ?? []} rowKey={(g) => g.name} label={title} visibleRows={6} />
    </Panel>
  );
}
