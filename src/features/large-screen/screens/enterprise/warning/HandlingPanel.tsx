// 近7日处置情况: alarms raised and handled over the last 7 days and the handled rate as a gauge.
import { GaugeChart } from '../../../kit/charts/GaugeChart';
import { KpiTile } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import { handledRate, type Warning } from './model';

export function HandlingPanel({ trend, frame }: { trend: Warning['trend'] | undefined; frame: SourceFrame }) {
  const total = trend?.reduce((n, d) => n + d.total, 0) ?? 0;
  const handled = trend?.reduce((n, d) => n + d.handled, 0) ?? 0;
  return (
    <Panel title="近7日处置情况" {...frame} empty={!trend || total === 0}>
      <div className="wn-split">
        <div className="wn-tiles">
          <KpiTile label="已处理" value={handled} unit="条" tone="green" />
          <KpiTile label="待处理" value={total - handled} unit="条" tone="red" />
        </div>
        <GaugeChart value={handledRate(total, handled)} name="处置率" unit="%" label="近7日报警处置率" />
      </div>
    </Panel>
  );
}
