// 报警项目排行: the projects with the most unhandled alarms among the newest ones the answer lists (the
// extra says how many that is, so the counts are not read as all-time totals).
import { useMemo } from 'react';
import { Panel } from '../../../kit/Panel';
import { RankingTable, type RankingRow } from '../../../kit/RankingTable';
import type { SourceFrame } from '../../../kit/frame';
import type { AlarmItem } from '../../../../../../common/screens/alarms';

export function unhandledByProject(alarms: readonly AlarmItem[]): RankingRow[] {
  const rows = new Map<string, RankingRow>();
  for (const a of alarms) {
    if (a.handled) continue;
    const row = rows.get(a.projectId) ?? { id: a.projectId, name: a.projectName, value: 0 };
    row.value = (row.value ?? 0) + 1;
    rows.set(a.projectId, row);
  }
  return [...rows.values()];
}

export function ProjectRankPanel({ alarms, frame }: { alarms: AlarmItem[] | undefined; frame: SourceFrame }) {
  const rows = useMemo(() => unhandledByProject(alarms ?? []), [alarms]);
  return (
    <Panel title="报警项目排行" {...frame} empty={rows.length === 0} extra={alarms && <span>最新 {alarms.length} 条中未处理</span>}>
      <RankingTable rows={rows} unit="条" limit={5} label="未处理报警项目排行" />
    </Panel>
  );
}
