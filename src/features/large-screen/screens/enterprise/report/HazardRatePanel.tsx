// 隐患整改概况: hazards found and closed over the 12 months and the closing rate as a gauge.
import { KpiTile } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import { TilesGauge } from '../../../kit/TilesGauge';
import type { SourceFrame } from '../../../kit/frame';
import type { ReportFigures } from '../../../../../../common/screens/report';
import { closingRate } from './model';

export function HazardRatePanel({ totals, frame }: { totals: ReportFigures | undefined; frame: SourceFrame }) {
  return (
    <Panel title="隐患整改概况" {...frame} empty={!totals || totals.hazardsFound + totals.hazardsClosed === 0}>
      {totals && (
        <TilesGauge gauge={{ value: closingRate(totals.hazardsFound, totals.hazardsClosed), name: '隐患销项率', unit: '%', label: '近12个月隐患销项率' }}>
          <KpiTile label="发现隐患" value={totals.hazardsFound} unit="项" tone="amber" />
          <KpiTile label="销项隐患" value={totals.hazardsClosed} unit="项" tone="green" />
        </TilesGauge>
      )}
    </Panel>
  );
}
