// 整改情况: the rectification rate (closed / all hazards) and the on-time rate (closed by the deadline /
// closed) as gauges, with the counts they come from.
import { GaugeChart } from '../../../kit/charts/GaugeChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { HazardSummary } from '../../../../../../common/screens/quality-safety';

export function RectificationPanel({ summary, frame }: { summary: HazardSummary | undefined; frame: SourceFrame }) {
  return (
    <Panel title="整改情况" {...frame} empty={!summary || summary.total === 0}>
      {summary && (
        <div className="qs-rates">
          <figure className="qs-rate">
            <GaugeChart value={summary.rectifyRate} name="整改率" unit="%" label="隐患整改率" />
            <figcaption>
              已销项 <b className="ls-digits">{summary.closed}</b> 条 / 共 <b className="ls-digits">{summary.total}</b> 条
            </figcaption>
          </figure>
          <figure className="qs-rate">
            <GaugeChart value={summary.onTimeRate} name="按期整改率" unit="%" label="隐患按期整改率" />
            <figcaption>
              超期未整改 <b className={`ls-digits${summary.overdue > 0 ? ' qs-bad' : ''}`}>{summary.overdue}</b> 条
            </figcaption>
          </figure>
        </div>
      )}
    </Panel>
  );
}
