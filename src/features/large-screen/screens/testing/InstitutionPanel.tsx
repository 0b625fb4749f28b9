// 检测机构: each institution's samples — sent and under test, reported, unqualified — and its pass rate.
import { Panel } from '../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../kit/ScrollTable';
import type { SourceFrame } from '../../kit/frame';
import type { TestingGroup } from '../../../../../common/screens/testing';
import { PassRate } from './PassRate';

const COLUMNS: readonly ScrollColumn<TestingGroup>[] = [
  { key: 'name', title: '检测机构', width: 'minmax(0, 2.4fr)', render: (g) => <span title={g.name}>{g.name}</span> },
  { key: 'pending', title: '在检', width: '3em', align: 'right', render: (g) => <span className="ls-digits">{g.pending}</span> },
  { key: 'reported', title: '报告', width: '3em', align: 'right', render: (g) => <span className="ls-digits">{g.reported}</span> },
  { key: 'bad', title: '不合格', width: '3.6em', align: 'right', render: (g) => <span className={`ls-digits${g.unqualified > 0 ? ' tc-bad' : ''}`}>{g.unqualified}</span> },
  { key: 'rate', title: '合格率', width: 'minmax(0, 1.3fr)', render: (g) => <PassRate group={g} /> },
];

export function InstitutionPanel({ groups, frame }: { groups: TestingGroup[] | undefined; frame: SourceFrame }) {
  return (
    <Panel title="检测机构" {...frame} empty={!groups} extra={groups && <span>{groups.length} 家</span>}>
      {groups && <ScrollTable columns={COLUMNS} rows={groups} rowKey={(g) => g.code} label="检测机构送检情况" visibleRows={3} />}
    </Panel>
  );
}
