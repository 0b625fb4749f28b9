// 今日出勤: workers who clocked in today, those on site now and the attendance rate of the roster.
import { KpiTile } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import { TilesGauge } from '../../../kit/TilesGauge';
import type { SourceFrame } from '../../../kit/frame';
import type { SupervisoryPersonnel } from '../../../../../../common/screens/supervisory';

export function AttendancePanel({ summary, frame }: { summary: SupervisoryPersonnel['summary'] | undefined; frame: SourceFrame }) {
  return (
    <Panel title="今日出勤" {...frame} empty={!summary || summary.roster === 0}>
      {summary && (
        <TilesGauge gauge={{ value: summary.attendanceRate, name: '出勤率', unit: '%', label: '今日出勤率' }}>
          <KpiTile label="出勤人数" value={summary.attended} unit="人" tone="green" />
          <KpiTile label="当前在场" value={summary.onSite} unit="人" tone="amber" />
        </TilesGauge>
      )}
    </Panel>
  );
}
