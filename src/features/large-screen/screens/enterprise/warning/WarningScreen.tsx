// 企业数据大屏 › 预警中心 (/LargeScreen/EnterpriseScreen/warning), designed at 1920×1080 in em: unhandled
// alarms by level and kind and the 7-day handling on the left; the key figures, the newest alarms and the
// ticker in the middle; the 7-day trend, the projects alarming most and overdue hazards on the right. One
// request feeds every panel, refreshed by the server's stream (docs/large-screens.md).
import { useMemo } from 'react';
import { AlarmTicker, type TickerItem } from '../../../kit/AlarmTicker';
import { ScreenDataProvider } from '../../../data/ScreenDataProvider';
import type { ScreenBodyProps } from '../../../screens';
import { frameOf } from '../../../kit/frame';
import { AlarmListPanel } from './AlarmListPanel';
import { useWarning } from './api';
import { HandlingPanel } from './HandlingPanel';
import { KindPanel } from './KindPanel';
import { LevelPanel } from './LevelPanel';
import { OverduePanel } from './OverduePanel';
import { ProjectRankPanel } from './ProjectRankPanel';
import { TrendPanel } from './TrendPanel';
import { WarningStrip } from './WarningStrip';
import './warning.css';

function WarningBoard({ projectId }: { projectId: string | undefined }) {
  const source = useWarning(projectId);
  const data = source.data;
  const frame = frameOf(source);
  const ticker = useMemo<TickerItem[]>(
    () =>
      (data?.alarms ?? [])
        .filter((a) => !a.handled)
        .map((a) => ({ id: a.id, level: a.level, text: `${a.levelName} ${a.projectName} ${a.deviceName || a.deviceCode} ${a.message}` })),
    [data?.alarms],
  );
  return (
    <div className="wn-board" data-loaded={data ? 'true' : 'false'}>
      <div className="wn-column wn-left">
        <LevelPanel levels={data?.unhandledByLevel} frame={frame} />
        <KindPanel kinds={data?.unhandledByKind} frame={frame} />
        <HandlingPanel trend={data?.trend} frame={frame} />
      </div>
      <div className="wn-column wn-centre">
        <WarningStrip data={data} />
        <AlarmListPanel alarms={data?.alarms} frame={frame} />
        <AlarmTicker items={ticker} label="未处理报警" />
      </div>
      <div className="wn-column wn-right">
        <TrendPanel trend={data?.trend} frame={frame} />
        <ProjectRankPanel alarms={data?.alarms} frame={frame} />
        <OverduePanel hazards={data?.overdueHazards} count={data?.summary.overdueHazards} frame={frame} />
      </div>
    </div>
  );
}

export function WarningScreen({ query }: ScreenBodyProps) {
  return (
    <ScreenDataProvider>
      <WarningBoard projectId={query.pjctid1} />
    </ScreenDataProvider>
  );
}
