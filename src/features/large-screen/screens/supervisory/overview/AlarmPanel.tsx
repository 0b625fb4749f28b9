// 报警统计: unhandled alarms and today's alarms in the area, the unhandled ones by §3.5 level as a ring.
import { useMemo } from 'react';
import { KpiTile } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import { RingChart } from '../../../kit/charts/RingChart';
import type { PieDatum } from '../../../kit/charts/PieChart';
import type { SourceFrame } from '../../../kit/frame';
import type { SupervisoryOverview } from '../../../../../../common/screens/supervisory';
import { LEVEL_COLORS } from './model';

export function AlarmPanel({ alarms, frame }: { alarms: SupervisoryOverview['alarms'] | undefined; frame: SourceFrame }) {
  const ring = useMemo<PieDatum[]>(() => (alarms?.unhandledByLevel ?? []).map((l) => ({ name: l.name, value: l.count, color: LEVEL_COLORS[l.code] })), [alarms]);
  return (
    <Panel title="报警统计" {...frame} empty={!alarms}>
      {alarms && (
        <>
          <div className="so-pair">
            <KpiTile label="未处理报警" value={alarms.unhandled} unit="条" tone="red" />
            <KpiTile label="今日报警" value={alarms.today} unit="条" tone="amber" />
          </div>
          <RingChart data={ring} centerLabel="未处理" unit="条" label="未处理报警级别分布" />
        </>
      )}
    </Panel>
  );
}
