// The key figures of the special-equipment screens (企业 特种设备 and the project 特种设备 screens): cranes, lifts,
// online rate, alarming devices, alarms in 24 h, then what a screen adds (`children`, e.g. 保养逾期).
import type { ReactNode } from 'react';
import { KeyFigures } from '../../kit/KeyFigures';
import { KpiTile } from '../../kit/KpiTile';
import type { Danger } from '../../../../../common/screens/danger';
import { onlineRate } from '../model';

export function DangerKpiStrip({ data, children }: { data: Danger | undefined; children?: ReactNode }) {
  const both = data && { total: data.towerCrane.total + data.lift.total, online: data.towerCrane.online + data.lift.online };
  return (
    <KeyFigures label="关键指标">
      <KpiTile label="塔吊" value={data?.towerCrane.total} unit="台" tone="cyan" />
      <KpiTile label="升降机" value={data?.lift.total} unit="台" tone="blue" />
      <KpiTile label="设备在线率" value={both ? onlineRate(both) : undefined} unit="%" decimals={1} tone="green" />
      <KpiTile label="报警设备" value={data ? data.towerCrane.alarm + data.lift.alarm : undefined} unit="台" tone="amber" />
      <KpiTile label="近24小时报警" value={data?.alarms24h.total} unit="条" tone="red" />
      {children}
    </KeyFigures>
  );
}
