// 隐患整改: open and overdue hazards in the area and the rectification rate as a gauge.
import { KpiTile } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import { TilesGauge } from '../../../kit/TilesGauge';
import type { SourceFrame } from '../../../kit/frame';
import type { SupervisoryOverview } from '../../../../../../common/screens/supervisory';

export function HazardPanel({ hazards, frame }: { hazards: SupervisoryOverview['hazards'] | undefined; frame: SourceFrame }) {
  return (
    <Panel title="隐患整改" {...frame} empty={!hazards}>
      {hazards && (
        <TilesGauge gauge={{ value: hazards.rectifyRate, name: '整改率', unit: '%', label: '隐患整改率' }}>
          <KpiTile label="未销项隐患" value={hazards.open} unit="项" tone="amber" />
          <KpiTile label="超期未整改" value={hazards.overdue} unit="项" tone="red" />
        </TilesGauge>
      )}
    </Panel>
  );
}
