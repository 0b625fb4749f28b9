// 近7日处置情况: alarms raised and handled over the last 7 days and the handled rate as a gauge.
import { KpiTile } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import { TilesGauge } from '../../../kit/TilesGauge';
import type { SourceFrame } from '../../../kit/frame';
import type { Warning } from '../../../../../../common/screens/warning';
import { handledRate } from './model';

export function HandlingPanel({ trend, frame }: { trend: Warning['trend'] | undefined; frame: SourceFrame }) {
  const total = trend?.reduce((n, d) => n + d.total, 0) ?? 0;
  const handled = trend?.reduce((n, d) => n + d.handled, 0) ?? 0;
  return (
    <Panel title="近7日处置情况" {...frame} empty={!trend || total === 0}>
      <TilesGauge gauge={{ value: handledRate(total, handled), name: '处置率', unit: '%', label: '近7日报警处置率' }}>
        <KpiTile label="已处理" value={handled} unit="条" tone="green" />
        <KpiTile label="待处理" value={total - handled} unit="条" tone="red" />
      </TilesGauge>
    </Panel>
  );
}
