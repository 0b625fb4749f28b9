// 企业数据大屏 › 统计报表 (/LargeScreen/EnterpriseScreen/report), designed at 1920×1080 in em: monthly
// trends of the last 12 months — attendance and vehicles on the left, the totals and alarms by kind in
// the middle with the month table, alarm kinds and hazards on the right. One request feeds every panel,
// refreshed by the server's stream (docs/large-screens.md).
import { projectScreen } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { AlarmKindPanel } from './AlarmKindPanel';
import { AlarmTrendPanel } from './AlarmTrendPanel';
import { useReport } from './api';
import { AttendanceTrendPanel } from './AttendanceTrendPanel';
import { HazardRatePanel } from './HazardRatePanel';
import { HazardTrendPanel } from './HazardTrendPanel';
import { MonthComparePanel } from './MonthComparePanel';
import { MonthTablePanel } from './MonthTablePanel';
import { SummaryStrip } from './SummaryStrip';
import { VehicleTrendPanel } from './VehicleTrendPanel';
import './report.css';

function ReportBoard({ projectId }: { projectId: string | undefined }) {
  const source = useReport(projectId);
  const report = source.data;
  const frame = frameOf(source);
  return (
    <div className="ls-board rp-board" data-loaded={report ? 'true' : 'false'}>
      <div className="ls-column rp-left">
        <AttendanceTrendPanel report={report} frame={frame} />
        <VehicleTrendPanel report={report} frame={frame} />
        <MonthComparePanel report={report} frame={frame} />
      </div>
      <div className="ls-column rp-centre">
        <SummaryStrip totals={report?.totals} />
        <AlarmTrendPanel report={report} frame={frame} />
        <MonthTablePanel report={report} frame={frame} />
      </div>
      <div className="ls-column rp-right">
        <AlarmKindPanel report={report} frame={frame} />
        <HazardTrendPanel report={report} frame={frame} />
        <HazardRatePanel totals={report?.totals} frame={frame} />
      </div>
    </div>
  );
}

export const ReportScreen = projectScreen(ReportBoard, 'ReportScreen');
