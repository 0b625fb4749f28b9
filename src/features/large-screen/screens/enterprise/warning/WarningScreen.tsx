// 企业数据大屏 › 预警中心 (/LargeScreen/EnterpriseScreen/warning), designed at 1920×1080 in em: unhandled
// alarms by level and kind and the 7-day handling on the left; the key figures, the newest alarms and the
// ticker in the middle; the 7-day trend, the projects alarming most and overdue hazards on the right. One
// request feeds every panel, refreshed by the server's stream (docs/large-screens.md).
import { useMemo } from 'react';
import { AlarmTicker } from '../../../kit/AlarmTicker';
import { unhandledTicker } from '../../../shared/alarm-ticker';
import { projectScreen } from '../../../data/project-screen';
import { frameOf, isOutage } from '../../../kit/frame';
import { AlarmListPanel } from './AlarmListPanel';
import { useWarning } from './api';
import { HandlingPanel } from './HandlingPanel';
import { KindPanel } from '../../../shared/warning/KindPanel';
import { LevelPanel } from '../../../shared/warning/LevelPanel';
import { OverduePanel } from '../../../shared/warning/OverduePanel';
import { ProjectRankPanel } from './ProjectRankPanel';
import { TrendPanel } from '../../../shared/warning/TrendPanel';
import { WarningStrip } from './WarningStrip';
import './warning.css';

function WarningBoard({ projectId }: { projectId: string | undefined }) {
  const source = useWarning(projectId);
  const data = source.data;
  const frame = frameOf(source);
  const ticker = useMemo(() => unhandledTicker(data?.alarms, true), [data?.alarms]);
  return (
    <div className="ls-board wn-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column wn-left">
        <LevelPanel levels={data?.unhandledByLevel} frame={frame} />
        <KindPanel kinds={data?.unhandledByKind} frame={frame} />
        <HandlingPanel trend={data?.trend} frame={frame} />
      </div>
      <div className="ls-column wn-centre">
        <WarningStrip data={data} />
        <AlarmListPanel alarms={data?.alarms} frame={frame} />
        <AlarmTicker items={ticker} label="未处理报警" outage={isOutage(source)} />
      </div>
      <div className="ls-column wn-right">
        <TrendPanel trend={data?.trend} frame={frame} />
        <ProjectRankPanel alarms={data?.alarms} frame={frame} />
        <OverduePanel hazards={data?.overdueHazards} count={data?.summary.overdueHazards} frame={frame} />
      </div>
    </div>
  );
}

export const WarningScreen = projectScreen(WarningBoard, 'WarningScreen');
