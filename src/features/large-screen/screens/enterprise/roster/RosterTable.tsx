// The roster page as a table laid out for ROSTER_PAGE_SIZE rows that share the height it is given. Id card
// numbers are shown masked (§5.6) — the server sends them masked; masking again costs nothing and keeps a
// whole number off the wall even if one ever arrived.
import { chinaFormat } from '../../../../../lib/time/china-time';
import type { CSSProperties, ReactNode } from 'react';
import { maskIdNumber } from '../../../../../../common/display';
import type { RosterRow } from '../../../../../../common/screens/roster';
import { ROSTER_PAGE_SIZE } from './model';

type Column = { key: string; title: string; width: string; align?: 'center' | 'right'; render: (r: RosterRow) => ReactNode };

const text = (v: string | null | undefined): ReactNode => (v ? <span title={v}>{v}</span> : '--');

function Presence({ row }: { row: RosterRow }) {
  if (row.onSite) return <span className="ro-on-site">在场{row.inTime ? ` ${chinaFormat(row.inTime, 'HH:mm')}进场` : ''}</span>;
  if (row.attendedToday) return <span className="ro-left">已离场</span>;
  return <span className="ro-absent">--</span>;
}

const COLUMNS: readonly Column[] = [
  { key: 'name', title: '姓名', width: 'minmax(0, 0.9fr)', render: (r) => text(r.workerName) },
  { key: 'gender', title: '性别', width: '3em', align: 'center', render: (r) => r.genderName || '--' },
  { key: 'idCard', title: '身份证号', width: 'minmax(0, 1.5fr)', render: (r) => <span className="ls-digits">{maskIdNumber(r.idCardNo) || '--'}</span> },
  { key: 'jobType', title: '工种', width: 'minmax(0, 0.9fr)', render: (r) => text(r.jobTypeName) },
  { key: 'personType', title: '人员类型', width: 'minmax(0, 1fr)', render: (r) => text(r.personTypeName) },
  { key: 'team', title: '班组', width: 'minmax(0, 1fr)', render: (r) => text(r.teamName) },
  { key: 'unit', title: '所属单位', width: 'minmax(0, 1.9fr)', render: (r) => text(r.unitName) },
  { key: 'project', title: '所属项目', width: 'minmax(0, 1.9fr)', render: (r) => text(r.projectName) },
  { key: 'entry', title: '进场日期', width: '6.4em', align: 'center', render: (r) => <span className="ls-digits">{r.entryDate ?? '--'}</span> },
  {
    key: 'attended',
    title: '今日考勤',
    width: '5em',
    align: 'center',
    render: (r) => (r.attendedToday ? <span className="ro-attended">已出勤</span> : <span className="ro-absent">未出勤</span>),
  },
  { key: 'presence', title: '在场状态', width: '8em', align: 'center', render: (r) => <Presence row={r} /> },
];

const GRID: CSSProperties = { gridTemplateColumns: ['3.2em', ...COLUMNS.map((c) => c.width)].join(' ') };

export function RosterTable({ rows, firstNo }: { rows: readonly RosterRow[]; firstNo: number }) {
  return (
    <div className="ro-table" role="table" aria-label="花名册" aria-rowcount={rows.length + 1}>
      <div className="ro-head" role="row" style={GRID}>
        <span role="columnheader" className="is-center">
          序号
        </span>
        {COLUMNS.map((c) => (
          <span key={c.key} role="columnheader" className={c.align ? `is-${c.align}` : undefined}>
            {c.title}
          </span>
        ))}
      </div>
      <div className="ro-rows" role="rowgroup" style={{ gridTemplateRows: `repeat(${ROSTER_PAGE_SIZE}, minmax(0, 1fr))` }}>
        {rows.map((r, i) => (
          <div key={r.id} role="row" className={`ro-row${i % 2 ? ' is-odd' : ''}${r.onSite ? ' is-on-site' : ''}`} style={GRID}>
            <span role="cell" className="is-center ls-digits">
              {firstNo + i}
            </span>
            {COLUMNS.map((c) => (
              <span key={c.key} role="cell" className={c.align ? `is-${c.align}` : undefined}>
                {c.render(r)}
              </span>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
