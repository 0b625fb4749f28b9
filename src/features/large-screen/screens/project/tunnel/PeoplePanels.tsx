// 洞内人员: who is inside now by zone (bars) and the list — name, team, zone, since when — from the
// positioning tags' latest readings.
import { chinaFormat } from '../../../../../lib/time/china-time';
import { Panel } from '../../../kit/Panel';
import { RankingTable } from '../../../kit/RankingTable';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { Tunnel, TunnelPerson } from '../../../../../../common/screens/tunnel';

export function ZonePanel({ people, frame, none }: { people: Tunnel['people'] | undefined; frame: SourceFrame; none: boolean }) {
  const rows = (people?.zones ?? []).map((z) => ({ id: z.zone, name: z.zone, value: z.count }));
  return (
    <Panel title="洞内人员分布" {...frame} empty={none} extra={people && <span className="ls-digits">共 {people.inside} 人</span>}>
      {rows.length > 0 ? <RankingTable rows={rows} unit="人" label="各区域洞内人数" /> : <div className="tn-calm">当前洞内无人员</div>}
    </Panel>
  );
}

const COLUMNS: readonly ScrollColumn<TunnelPerson>[] = [
  { key: 'name', title: '姓名', width: '4.6em', render: (p) => <span title={p.tagCode}>{p.workerName}</span> },
  { key: 'team', title: '班组', width: 'minmax(0, 1fr)', render: (p) => p.teamName || '—' },
  { key: 'zone', title: '所在区域', width: 'minmax(0, 1.4fr)', render: (p) => <span title={p.zone}>{p.zone}</span> },
  { key: 'since', title: '进入', width: '3.4em', align: 'center', render: (p) => <span className="ls-digits">{chinaFormat(p.since, 'HH:mm')}</span> },
];

export function PeopleListPanel({ people, frame, none }: { people: Tunnel['people'] | undefined; frame: SourceFrame; none: boolean }) {
  return (
    <Panel title="洞内人员名单" {...frame} empty={none}>
      {people && people.list.length > 0 ? (
        <ScrollTable columns={COLUMNS} rows={people.list} rowKey={(p) => p.tagCode} label="当前洞内人员" visibleRows={7} />
      ) : (
        <div className="tn-calm">当前洞内无人员</div>
      )}
    </Panel>
  );
}
