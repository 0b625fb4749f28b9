// 塔吊实时监测: every tower crane's live working state in one row — load, load and moment ratio, hook
// height, radius, wind and tilt — values over their limit in red; an offline crane shows its last values
// greyed, a crane without any reading 暂无上报.
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { CraneLimits, SpecialDevice } from '../../../../../../common/screens/danger';
import { deviceLabel } from '../../../shared/special/model';

const value = (v: number | null | undefined, digits: number, over = false) =>
  v === null || v === undefined ? <span className="ls-digits">--</span> : <span className={`ls-digits${over ? ' dt-over' : ''}`}>{v.toFixed(digits)}</span>;

const state = (d: SpecialDevice) =>
  d.alarming ? <span className="dt-state is-alarm">报警</span> : d.online ? <span className="dt-state is-online">在线</span> : <span className="dt-state is-offline">离线</span>;

export function craneColumns(limits: CraneLimits, showProject: boolean): ScrollColumn<SpecialDevice>[] {
  return [
    {
      key: 'crane',
      title: '塔吊',
      width: showProject ? 'minmax(0, 2.4fr)' : 'minmax(0, 1.4fr)',
      render: (d) => (
        <span title={`${d.projectName} ${d.deviceName}`}>
          {deviceLabel(d)}
          {showProject && <span className="dt-project">{d.projectName}</span>}
        </span>
      ),
    },
    { key: 'load', title: '吊重(t)', width: 'minmax(0, 1fr)', align: 'right', render: (d) => value(d.latest?.loadKg === null || d.latest?.loadKg === undefined ? null : d.latest.loadKg / 1000, 2) },
    { key: 'loadRatio', title: '载重比(%)', width: 'minmax(0, 1.1fr)', align: 'right', render: (d) => value(d.latest?.loadRatio, 1, (d.latest?.loadRatio ?? 0) > limits.loadRatio) },
    { key: 'moment', title: '力矩比(%)', width: 'minmax(0, 1.1fr)', align: 'right', render: (d) => value(d.latest?.momentRatio, 1, (d.latest?.momentRatio ?? 0) > limits.momentRatio) },
    { key: 'height', title: '高度(m)', width: 'minmax(0, 1fr)', align: 'right', render: (d) => value(d.latest?.height, 1) },
    { key: 'radius', title: '幅度(m)', width: 'minmax(0, 1fr)', align: 'right', render: (d) => value(d.latest?.radius, 1) },
    { key: 'wind', title: '风速(m/s)', width: 'minmax(0, 1.1fr)', align: 'right', render: (d) => value(d.latest?.windSpeed, 1, (d.latest?.windSpeed ?? 0) > limits.windSpeed) },
    { key: 'tilt', title: '倾角(°)', width: 'minmax(0, 0.9fr)', align: 'right', render: (d) => value(d.latest?.tilt, 2) },
    { key: 'state', title: '状态', width: '3.4em', align: 'center', render: state },
  ];
}

export type CraneTablePanelProps = { cranes: SpecialDevice[] | undefined; limits: CraneLimits | undefined; frame: SourceFrame; showProject: boolean };

export function CraneTablePanel({ cranes, limits, frame, showProject }: CraneTablePanelProps) {
  return (
    <Panel
      title="塔吊实时监测"
      {...frame}
      empty={!cranes || cranes.length === 0 || !limits}
      extra={limits && <span>限值：载重比 {limits.loadRatio}%，力矩比 {limits.momentRatio}%，风速 {limits.windSpeed}m/s</span>}
    >
      {cranes && limits && (
        <ScrollTable columns={craneColumns(limits, showProject)} rows={cranes} rowKey={(d) => d.id} label="塔吊实时工况" visibleRows={6}
          rowClassName={(d) => (d.online ? undefined : 'dt-row-offline')} />
      )}
    </Panel>
  );
}
