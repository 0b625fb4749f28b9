// 项目数据大屏 › 进度管理 (/LargeScreen/ProjectScreen/ScheduleManagement, §2.4; back office
// /ProjectSchedules/Projectschedule, docs/schedule.md), designed at 1920×1080 in em: overall progress, the
// tasks by status and the milestones on the left; key figures, the S-curve of planned against actual
// cumulative progress and the delayed tasks in the middle; this week's and next week's tasks on the right.
// One project — pjctid1's, else the header selector's —, one request, refreshed by the ScheduleManagement stream.
import { projectScreen } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import { useSession } from '../../../../../lib/session/store';
import { useScheduleManagement } from './api';
import { CurvePanel, DelayedPanel, MilestonesPanel, OverallPanel, StatusPanel, WeekPanel } from './SchedulePanels';
import './schedule.css';

function ScheduleBoard({ projectId }: { projectId: string | undefined }) {
  const chosen = useSession((s) => s.project?.id);
  const source = useScheduleManagement(projectId ?? chosen ?? undefined);
  const data = source.data;
  const frame = frameOf(source);
  const s = data?.summary;
  return (
    <div className="ls-board sm-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column sm-left">
        <OverallPanel data={data} frame={frame} />
        <StatusPanel data={data} frame={frame} />
        <MilestonesPanel data={data} frame={frame} />
      </div>
      <div className="ls-column sm-centre">
        <KeyFigures label="进度关键指标">
          <KpiTile label="任务总数" value={s?.tasks} unit="项" tone="cyan" />
          <KpiTile label="已完成" value={s?.done} unit="项" tone="green" />
          <KpiTile label="进行中" value={s?.inProgress} unit="项" tone="blue" />
          <KpiTile label="已延期" value={s?.delayed} unit="项" tone="red" />
          <KpiTile label="实际进度" value={s?.actualPercent} decimals={1} unit="%" tone="green" />
          <KpiTile label="计划进度" value={s?.plannedPercent} decimals={1} unit="%" tone="amber" />
        </KeyFigures>
        <CurvePanel data={data} frame={frame} />
        <DelayedPanel data={data} frame={frame} />
      </div>
      <div className="ls-column sm-right">
        <WeekPanel title="本周任务" tasks={data?.thisWeek} data={data} frame={frame} />
        <WeekPanel title="下周任务" tasks={data?.nextWeek} data={data} frame={frame} />
      </div>
    </div>
  );
}

export const ScheduleScreen = projectScreen(ScheduleBoard, 'ScheduleScreen');
