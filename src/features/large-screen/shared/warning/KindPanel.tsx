// 预警类型排行: unhandled alarms of each kind, most first.
import { Panel } from '../../kit/Panel';
import { RankingTable, type RankingRow } from '../../kit/RankingTable';
import type { SourceFrame } from '../../kit/frame';
import type { NamedCount } from '../../../../../common/screens/basics';

export function KindPanel({ kinds, frame }: { kinds: NamedCount[] | undefined; frame: SourceFrame }) {
  const rows: RankingRow[] = (kinds ?? []).map((k) => ({ id: k.code, name: k.name, value: k.count }));
  return (
    <Panel title="预警类型排行" {...frame} empty={rows.length === 0} extra={kinds && <span>{rows.length} 类</span>}>
      <RankingTable rows={rows} unit="条" limit={5} label="未处理报警类型排行" />
    </Panel>
  );
}
