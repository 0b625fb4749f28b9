// 设备类型占比: the monitoring devices by kind as a ring (kinds without devices left out).
import { useMemo } from 'react';
import { Panel } from '../../../kit/Panel';
import { RingChart } from '../../../kit/charts/RingChart';
import type { PieDatum } from '../../../kit/charts/PieChart';
import type { SourceFrame } from '../../../kit/frame';
import type { DeviceStats } from '../../../../../../common/screens/devices';
import { KIND_COLORS } from './model';

export function KindSharePanel({ devices, frame }: { devices: DeviceStats | undefined; frame: SourceFrame }) {
  const ring = useMemo<PieDatum[]>(
    () => (devices?.byKind ?? []).filter((k) => k.total > 0).map((k) => ({ name: k.name, value: k.total, color: KIND_COLORS[k.kind] })),
    [devices],
  );
  return (
    <Panel title="设备类型占比" {...frame} empty={ring.length === 0}>
      <RingChart data={ring} centerLabel="设备总数" unit="台" label="监测设备类型占比" />
    </Panel>
  );
}
