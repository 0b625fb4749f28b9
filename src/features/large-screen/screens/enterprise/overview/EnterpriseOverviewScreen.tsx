// 企业数据大屏 › 项目概况 (/LargeScreen/EnterpriseScreen/overview), designed at 1920×1080 and laid out
// in em so it scales with the display: projects and devices on the left, the project map under a strip
// of key figures in the middle, environment and alarms on the right. One request feeds every panel,
// refreshed by the server's stream (docs/large-screens.md).
import { useMemo, useState } from 'react';
import { AlarmTicker } from '../../../kit/AlarmTicker';
import { unhandledTicker } from '../../../shared/alarm-ticker';
import { projectScreen, type ProjectBoardProps } from '../../../data/project-screen';
import { AlarmsPanel } from '../../../shared/AlarmsPanel';
import { useEnterpriseOverview } from './api';
import { DeviceKindPanel } from '../../../shared/DeviceKindPanel';
import { DeviceStatusPanel } from '../../../shared/DeviceStatusPanel';
import { EnvRankingPanel } from './EnvRankingPanel';
import { EnvTrendPanel } from '../../../shared/EnvTrendPanel';
import { frameOf, isOutage } from '../../../kit/frame';
import { KpiStrip } from './KpiStrip';
import { MapPanel } from './MapPanel';
import { ProjectStatusPanel } from '../../../shared/ProjectStatusPanel';
import './overview.css';

function OverviewBoard({ projectId, company }: ProjectBoardProps) {
  const source = useEnterpriseOverview(projectId, company);
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined);
  const data = source.data;
  const frame = frameOf(source);
  const ticker = useMemo(() => unhandledTicker(data?.alarms), [data?.alarms]);

  return (
    <div className="ls-board ov-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column ov-left">
        <ProjectStatusPanel projects={data?.projects} frame={frame} />
        <DeviceStatusPanel devices={data?.devices} frame={frame} />
        <DeviceKindPanel devices={data?.devices} frame={frame} />
      </div>
      <div className="ls-column ov-centre">
        <KpiStrip data={data} />
        <MapPanel data={data} frame={frame} selectedId={selectedId} onSelect={setSelectedId} />
        <AlarmTicker items={ticker} label="实时报警" outage={isOutage(source)} />
      </div>
      <div className="ls-column ov-right">
        <EnvRankingPanel environment={data?.environment} frame={frame} selectedId={selectedId} onSelect={setSelectedId} />
        <EnvTrendPanel environment={data?.environment} frame={frame} />
        <AlarmsPanel alarms={data?.alarms} frame={frame} />
      </div>
    </div>
  );
}

export const EnterpriseOverviewScreen = projectScreen(OverviewBoard, 'EnterpriseOverviewScreen');
