// 各项目实时监测: the newest reading of each project's dust monitor; values over their limit in red
// (noise by the day or night limit at the reading's time). Rows scroll when more than fit.
import { chinaFormat } from '../../../../../lib/time/china-time';
import type { ReactNode } from 'react';
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { EnvProjectReading, EnvironmentThresholds } from '../../../../../../common/screens/environment';
import { noiseLimit } from '../../../shared/model';
import { windDirectionName } from './model';

const cell = (v: number | null, limit?: number): ReactNode =>
  v === null ? '--' : <span className={`ls-digits${limit !== undefined && v > limit ? ' env-over' : ''}`}>{v}</span>;

const columns = (t: EnvironmentThresholds): ScrollColumn<EnvProjectReading>[] => [
  { key: 'project', title: '项目', width: 'minmax(0, 2fr)', render: (r) => <span title={`${r.projectName} ${r.deviceName}`}>{r.projectName}</span> },
  { key: 'pm25', title: 'PM2.5', width: 'minmax(0, 0.6fr)', align: 'right', render: (r) => cell(r.pm25, t.pm25) },
  { key: 'pm10', title: 'PM10', width: 'minmax(0, 0.6fr)', align: 'right', render: (r) => cell(r.pm10, t.pm10) },
  { key: 'tsp', title: 'TSP', width: 'minmax(0, 0.6fr)', align: 'right', render: (r) => cell(r.tsp) },
  { key: 'noise', title: '噪声', width: 'minmax(0, 0.6fr)', align: 'right', render: (r) => cell(r.noise, noiseLimit(t, r.time)) },
  { key: 'temperature', title: '温度', width: 'minmax(0, 0.55fr)', align: 'right', render: (r) => cell(r.temperature) },
  { key: 'humidity', title: '湿度', width: 'minmax(0, 0.55fr)', align: 'right', render: (r) => cell(r.humidity) },
  { key: 'wind', title: '风速', width: 'minmax(0, 0.55fr)', align: 'right', render: (r) => cell(r.windSpeed, t.windSpeed) },
  { key: 'direction', title: '风向', width: 'minmax(0, 0.6fr)', align: 'center', render: (r) => (r.windDirection === null ? '--' : windDirectionName(r.windDirection)) },
  { key: 'time', title: '时间', width: '4em', align: 'center', render: (r) => chinaFormat(r.time, 'HH:mm') },
];

export function ProjectReadingsPanel({ readings, thresholds, frame }: { readings: EnvProjectReading[] | undefined; thresholds: EnvironmentThresholds | undefined; frame: SourceFrame }) {
  return (
    <Panel
      title="各项目实时监测"
      {...frame}
      empty={!readings || readings.length === 0 || !thresholds}
      extra={<span>PM2.5/PM10/TSP µg/m³ · 噪声 dB · 温度 ℃ · 湿度 % · 风速 m/s</span>}
    >
      {thresholds && <ScrollTable columns={columns(thresholds)} rows={readings ?? []} rowKey={(r) => r.projectId} label="各项目最新监测数据" visibleRows={6} />}
    </Panel>
  );
}
