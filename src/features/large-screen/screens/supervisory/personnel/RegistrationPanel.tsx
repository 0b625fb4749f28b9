// 实名制登记: workers on the roster, those registered (id card and photo) and the registration rate.
import { KpiTile } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import { TilesGauge } from '../../../kit/TilesGauge';
import type { SourceFrame } from '../../../kit/frame';
import type { SupervisoryPersonnel } from '../../../../../../common/screens/supervisory';

export function RegistrationPanel({ summary, frame }: { summary: SupervisoryPersonnel['summary'] | undefined; frame: SourceFrame }) {
  return (
    <Panel title="实名制登记" {...frame} empty={!summary || summary.roster === 0}>
      {summary && (
        <TilesGauge gauge={{ value: summary.registrationRate, name: '实名登记率', unit: '%', label: '实名登记率' }}>
          <KpiTile label="已登记" value={summary.registered} unit="人" tone="blue" />
          <KpiTile label="未登记" value={summary.roster - summary.registered} unit="人" tone="amber" />
        </TilesGauge>
      )}
    </Panel>
  );
}
