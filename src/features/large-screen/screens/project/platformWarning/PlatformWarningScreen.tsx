// 项目数据大屏 › 平台预警 (/LargeScreen/ProjectScreen/platformWarning), designed at 1920×1080 in em: the
// project's open warnings per source, by level and the 7-day trend on the left; key figures, the unhandled
// alarms with their handling progress, expiring certificates and the ticker in the middle; kinds, overdue
// hazards and offline devices on the right. One project — pjctid1's, else the header's choice —, one
// request, refreshed by the PlatformWarning stream. The warning panels are the 预警中心's (shared/warning/).
import { useMemo } from 'react';
import { AlarmTicker } from '../../../kit/AlarmTicker';
import { projectScreen } from '../../../data/project-screen';
import { isOutage } from '../../../kit/frame';
import { unhandledTicker } from '../../../shared/alarm-ticker';
import { CertificatesPanel } from '../../../shared/personnel/CertificatesPanel';
import { KindPanel } from '../../../shared/warning/KindPanel';
import { LevelPanel } from '../../../shared/warning/LevelPanel';
import { OverduePanel } from '../../../shared/warning/OverduePanel';
import { TrendPanel } from '../../../shared/warning/TrendPanel';
import { usePlatformWarning } from './api';
import { OfflinePanel } from './OfflinePanel';
import { OpenAlarmsPanel } from './OpenAlarmsPanel';
import { PlatformWarningStrip } from './PlatformWarningStrip';
import { SourcePanel } from './SourcePanel';
import './platform-warning.css';

function PlatformWarningBoard({ projectId }: { projectId: string | undefined }) {
  // One project: pjctid1's, else the header selector's (the server takes the first in scope without either).
  const { source, data, frame } = usePlatformWarning(projectId);
  const ticker = useMemo(() => unhandledTicker(data?.open, true), [data?.open]);
  return (
    <div className="ls-board pw-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column pw-left">
        <SourcePanel sources={data?.bySource} frame={frame} />
        <LevelPanel levels={data?.unhandledByLevel} frame={frame} />
        <TrendPanel trend={data?.trend} frame={frame} />
      </div>
      <div className="ls-column pw-centre">
        <PlatformWarningStrip data={data} />
        <OpenAlarmsPanel alarms={data?.open} unhandled={data?.summary.unhandled} frame={frame} />
        <CertificatesPanel certificates={data?.certificates} days={data?.certificateDays} frame={frame} />
        <AlarmTicker items={ticker} label="未处理预警" outage={isOutage(source)} />
      </div>
      <div className="ls-column pw-right">
        <KindPanel kinds={data?.unhandledByKind} frame={frame} />
        <OverduePanel hazards={data?.overdueHazards} count={data?.summary.overdueHazards} frame={frame} oneProject />
        <OfflinePanel devices={data?.offlineDevices} frame={frame} />
      </div>
    </div>
  );
}

export const PlatformWarningScreen = projectScreen(PlatformWarningBoard, 'PlatformWarningScreen');
