// 最新检查记录: the newest checks — date, project, kind, part checked, inspector and result (合格 or the
// count of failing items). Rows scroll when more than fit.
import { chinaFormat } from '../../../../../lib/time/china-time';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { CheckListItem } from '../../../../../../common/screens/site-checks';

const columns = (showProject: boolean): ScrollColumn<CheckListItem>[] => [
  { key: 'date', title: '检查日期', width: '4.4em', render: (c) => chinaFormat(c.checkDate, 'MM-DD') },
  ...(showProject ? [{ key: 'project', title: '项目', width: 'minmax(0, 1.2fr)', render: (c: CheckListItem) => <span title={c.projectName}>{c.projectName}</span> }] : []),
  { key: 'kind', title: '检查类型', width: 'minmax(0, 0.9fr)', render: (c) => c.checkKindName },
  { key: 'location', title: '检查部位', width: 'minmax(0, 1.4fr)', render: (c) => <span title={c.location}>{c.location}</span> },
  { key: 'inspector', title: '检查人', width: 'minmax(0, 0.7fr)', render: (c) => <span title={c.inspector}>{c.inspector}</span> },
  {
    key: 'result',
    title: '检查结果',
    width: '5.2em',
    align: 'center',
    render: (c) => (c.failed > 0 ? <span className="sc-bad">不合格{c.failed}项</span> : <span className="sc-good">合格</span>),
  },
];

export function LatestChecksPanel({ title, checks, showProject, frame }: { title: string; checks: CheckListItem[] | undefined; showProject: boolean; frame: SourceFrame }) {
  return (
    <Panel title={title} {...frame} empty={!checks || checks.length === 0}>
      {checks && <ScrollTable columns={columns(showProject)} rows={checks} rowKey={(c) => c.id} label={title} visibleRows={6} />}
    </Panel>
  );
}
