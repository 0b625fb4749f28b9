// 企业数据大屏 › 环境监测 (/LargeScreen/EnterpriseScreen/environment), designed at 1920×1080 in em: the
// monitors, today's exceedances and one project's wind on the left; key figures, the 24-hour particle
// trend and every project's latest reading in the middle; noise, 7-day averages and temperature/humidity
// on the right. One request feeds every panel, refreshed by the server's Environment stream.
import { useMemo } from 'react';
import { projectScreen } from '../../../data/project-screen';
import { useRotation } from '../../../kit/use-rotation';
import { frameOf } from '../../../kit/frame';
import { DeviceStatusPanel, type DeviceStatusWords } from '../../../shared/DeviceStatusPanel';
import { useEnvironment } from './api';
import { DailyAveragePanel } from './DailyAveragePanel';
import { EnvKpiStrip } from './EnvKpiStrip';
import { ExceedTodayPanel } from './ExceedTodayPanel';
import { NoiseTrendPanel } from './NoiseTrendPanel';
import { ParticleTrendPanel } from './ParticleTrendPanel';
import { ProjectReadingsPanel } from './ProjectReadingsPanel';
import { WeatherTrendPanel } from './WeatherTrendPanel';
import { WindPanel } from './WindPanel';
import './environment.css';

/** 监测设备状态: the dust and noise monitors. */
const MONITOR_WORDS: DeviceStatusWords = { title: '监测设备状态', total: '监测设备', online: '在线', offline: '离线', alarm: '报警', gauge: '环境监测设备在线率' };

function EnvironmentBoard({ projectId }: { projectId: string | undefined }) {
  const source = useEnvironment(projectId);
  const data = source.data;
  const frame = frameOf(source);
  const projectIds = useMemo(() => (data?.latest ?? []).map((r) => r.projectId), [data?.latest]);
  const rotation = useRotation(projectIds, projectIds);
  return (
    <div className="ls-board env-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column env-left">
        <DeviceStatusPanel devices={data?.devices} frame={frame} words={MONITOR_WORDS} />
        <ExceedTodayPanel data={data} frame={frame} />
        <WindPanel readings={data?.latest} windLimit={data?.thresholds.windSpeed} rotation={rotation} frame={frame} />
      </div>
      <div className="ls-column env-centre">
        <EnvKpiStrip data={data} />
        <ParticleTrendPanel data={data} frame={frame} />
        <ProjectReadingsPanel readings={data?.latest} thresholds={data?.thresholds} frame={frame} />
      </div>
      <div className="ls-column env-right">
        <NoiseTrendPanel data={data} frame={frame} />
        <DailyAveragePanel daily={data?.daily} frame={frame} />
        <WeatherTrendPanel trend={data?.trend} frame={frame} />
      </div>
    </div>
  );
}

export const EnvironmentScreen = projectScreen(EnvironmentBoard, 'EnvironmentScreen');
