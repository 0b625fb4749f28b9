// The plant site: order states, dust (latest reading and the 24-hour trend) and its cameras.
import { chinaFormat } from '../../../../lib/time/china-time';
import { useMemo } from 'react';
import type { ConcretePlant } from '../../../../../common/screens/concrete-plant';
import { LineChart } from '../../kit/charts/LineChart';
import { RingChart } from '../../kit/charts/RingChart';
import type { SourceFrame } from '../../kit/frame';
import { KpiTile } from '../../kit/KpiTile';
import { Panel } from '../../kit/Panel';
import { CameraWallPanel } from '../../shared/CameraWallPanel';

type Props = { data: ConcretePlant | undefined; frame: SourceFrame };

export function OrderStatusPanel({ data, frame }: Props) {
  const rows = (data?.ordersByStatus ?? []).map((s) => ({ name: s.name, value: s.count }));
  return (
    <Panel title="订单状态" {...frame} empty={!data}>
      <RingChart data={rows} unit="单" label="订单状态分布" centerLabel="订单" />
    </Panel>
  );
}

export function DustNowPanel({ data, frame }: Props) {
  const l = data?.dust.latest;
  const limits = data?.dust.limits;
  return (
    <Panel title="实时扬尘" {...frame} empty={!data} extra={l?.at && <span>{chinaFormat(l.at, 'HH:mm')} 更新</span>}>
      <div className="pl-dust">
        <KpiTile label="PM2.5" value={l?.pm25} unit="µg/m³" decimals={1} tone={l?.pm25 != null && limits && l.pm25 > limits.pm25 ? 'red' : 'green'} />
        <KpiTile label="PM10" value={l?.pm10} unit="µg/m³" decimals={1} tone={l?.pm10 != null && limits && l.pm10 > limits.pm10 ? 'red' : 'green'} />
        <KpiTile label="TSP" value={l?.tsp} unit="µg/m³" decimals={1} tone="blue" />
        <KpiTile label="噪声" value={l?.noise} unit="dB" decimals={1} tone="cyan" />
      </div>
      <div className="pl-volumes">
        <KpiTile label="监测设备" value={data?.dust.devices} unit="台" tone="blue" />
        <KpiTile label="在线" value={data?.dust.online} unit="台" tone="green" />
        <KpiTile label="PM10限值" value={limits?.pm10} unit="µg/m³" tone="amber" />
      </div>
    </Panel>
  );
}

export function DustTrendPanel({ data, frame }: Props) {
  const trend = data?.dust.trend ?? [];
  const limits = data?.dust.limits;
  return (
    <Panel title="24小时扬尘趋势" {...frame} empty={trend.length === 0}>
      <LineChart
        categories={trend.map((t) => chinaFormat(t.hour, 'HH:00'))}
        series={[
          { name: 'PM2.5', data: trend.map((t) => t.pm25), color: '#1ec8ff', thresholds: limits ? [{ name: 'PM2.5限值', value: limits.pm25 }] : [] },
          { name: 'PM10', data: trend.map((t) => t.pm10), color: '#ffc53d', thresholds: limits ? [{ name: 'PM10限值', value: limits.pm10, color: '#ff5a5f' }] : [] },
        ]}
        units={['µg/m³']}
        label="近24小时颗粒物"
      />
    </Panel>
  );
}

export function NoiseTrendPanel({ data, frame }: Props) {
  const trend = data?.dust.trend ?? [];
  return (
    <Panel title="24小时噪声趋势" {...frame} empty={trend.length === 0}>
      <LineChart categories={trend.map((t) => chinaFormat(t.hour, 'HH:00'))} series={[{ name: '噪声', data: trend.map((t) => t.noise), color: '#22e3a5', area: true }]} units={['dB']} label="近24小时噪声" />
    </Panel>
  );
}

const CAMERA_SPLITS = [4, 9] as const;

export function CameraPanel({ data, frame }: Props) {
  // The plant's cameras on the shared wall (9 tiles, pages turning by themselves); the count shows them all.
  const cameras = data?.cameras;
  const tiles = useMemo(() => {
    // Cameras of several sites of the company carry their site's name (each site has its own 1#视频监控).
    const sites = new Set(cameras?.map((c) => c.projectName)).size;
    return cameras?.map((c) => {
      const name = c.position ? `${c.name}（${c.position}）` : c.name;
      return { id: c.id, name: sites > 1 && c.projectName ? `${c.projectName} · ${name}` : name, online: c.online };
    });
  }, [cameras]);
  const count = cameras && (
    <span className="ls-digits">
      {cameras.filter((c) => c.online).length} / {cameras.length} 在线
    </span>
  );
  return <CameraWallPanel title="搅拌站视频" tiles={tiles} frame={frame} leading={count} splits={CAMERA_SPLITS} initialSplit={9} rotate />;
}
