// 今日出勤: workers who clocked in today, those on site now and the attendance rate of the roster.
import { GaugeChart } from '../../../kit/charts/GaugeChart';
import { KpiTile } from '../../../kit/KpiTile';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { SupervisoryPersonnel } from './model';

export function AttendancePanel({ summary, frame }: { summary: SupervisoryPersonnel['summary'] | undefined; frame: SourceFrame }) {
  return (
    <Panel title="今日出勤" {...frame} empty={!summary || summary.roster === 0}>
      {summary && (
        <div className="sp-split">
          <div className="sp-tiles">
            <KpiTile label="出勤人数" value={summary.attended} unit="人" tone="green" />
            <KpiTile label="当前在场" value={summary.onSite} unit="人" tone="amber" />
          </div>
          <GaugeChart value={summary.attendanceRate} name="出勤率" unit="%" label="今日出勤率" />
        </div>
      )}
    </Panel>
  );
}
