// 近24小时报警: the alarms of cranes and lifts in the last 24 hours by kind (overload, moment, wind …).
import { useMemo } from 'react';
import { Panel } from '../../kit/Panel';
import { RingChart } from '../../kit/charts/RingChart';
import type { PieDatum } from '../../kit/charts/PieChart';
import type { SourceFrame } from '../../kit/frame';
import type { Danger } from '../../../../../common/screens/danger';
import './special.css';

const KIND_COLORS: Record<string, string> = { craneLoad: '#ff4d6d', craneMoment: '#ff9f40', wind: '#1ec8ff', offline: '#9fb3c8' };

export function AlarmKindPanel({ alarms, frame }: { alarms: Danger['alarms24h'] | undefined; frame: SourceFrame }) {
  const ring = useMemo<PieDatum[]>(() => (alarms?.byKind ?? []).map((k) => ({ name: k.name, value: k.count, color: KIND_COLORS[k.code] })), [alarms]);
  return (
    <Panel title="近24小时报警" {...frame} empty={!alarms} extra={alarms && <span>共 {alarms.total} 条</span>}>
      {alarms && alarms.total > 0 ? (
        <RingChart data={ring} centerLabel="报警总数" unit="条" label="近24小时报警分类" />
      ) : (
        <div className="dg-calm">近24小时无报警</div>
      )}
    </Panel>
  );
}
