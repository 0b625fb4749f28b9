// 报警类型构成: the 12-month alarms of each kind as a ring.
import { useMemo } from 'react';
import { RingChart } from '../../../kit/charts/RingChart';
import type { PieDatum } from '../../../kit/charts/PieChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { Report } from '../../../../../../common/screens/report';
import { kindColor } from './palette';

export function AlarmKindPanel({ report, frame }: { report: Report | undefined; frame: SourceFrame }) {
  const data = useMemo<PieDatum[]>(
    () =>
      (report?.alarmsByKind ?? [])
        .map((k, i) => ({ name: k.name, value: k.counts.reduce((n, c) => n + c, 0), color: kindColor(i) }))
        .filter((d) => d.value > 0)
        .sort((a, b) => b.value - a.value),
    [report],
  );
  return (
    <Panel title="报警类型构成" {...frame} empty={data.length === 0} extra={report && <span>{data.length} 类</span>}>
      <RingChart data={data} centerLabel="报警总数" unit="次" label="近12个月报警类型构成" />
    </Panel>
  );
}
