// 企业数据大屏 › 环境监测 (/LargeScreen/EnterpriseScreen/environment), designed at 1920×1080 in em: the
// monitors, today's exceedances and one project's wind on the left; key figures, the 24-hour particle
// trend and every project's latest reading in the middle; noise, 7-day averages and temperature/humidity
// on the right. One request feeds every panel, refreshed by the server's Environment stream.
import { useMemo } from 'react';
import { ScreenDataProvider } from '../../../data/ScreenDataProvider';
import type { ScreenBodyProps } from '../../../screens';
import { useRotation } from '../../../kit/use-rotation';
import { frameOf } from '../../../kit/frame';
import { useEnvironment } from './api';
import { DailyAveragePanel } from './DailyAveragePanel';
import { EnvDevicePanel } from './EnvDevicePanel';
import { EnvKpiStrip } from './EnvKpiStrip';
import { ExceedTodayPanel } from './ExceedTodayPanel';
import { NoiseTrendPanel } from './NoiseTrendPanel';
import { ParticleTrendPanel } from './ParticleTrendPanel';
import { ProjectReadingsPanel } from './ProjectReadingsPanel';
import { WeatherTrendPanel } from './WeatherTrendPanel';
import { WindPanel } from './WindPanel';
import './environment.css';

function EnvironmentBoard({ projectId }: { projectId: string | undefined }) {
  const source = useEnvironment(projectId);
  const data = source.data;
  const frame = frameOf(source);
  const projectIds = useMemo(() => (data?.latest ?? []).map((r) => r.projectId), [data?.latest]);
  const rotation = useRotation(projectIds, projectIds);
  return (
    <div className="env-board" data-loaded={data ? 'true' : 'false'}>
      <div className="env-column env-left">
        <EnvDevicePanel devices={data?.devices} frame={frame} />
        <ExceedTodayPanel data={data} frame={frame} />
        <WindPanel readings={data?.latest} windLimit={data?.thresholds.windSpeed} rotation={rotation} frame={frame} />
      </div>
      <div className="env-column env-centre">
        <EnvKpiStrip data={data} />
        <ParticleTrendPanel data={data} frame={frame} />
        <ProjectReadingsPanel readings={data?.latest} thresholds={data?.thresholds} frame={frame} />
      </div>
      <div className="env-column env-right">
        <NoiseTrendPanel data={data} frame={frame} />
        <DailyAveragePanel daily={data?.daily} frame={frame} />
        <WeatherTrendPanel trend={data?.trend} frame={frame} />
      </div>
    </div>
  );
}

export function EnvironmentScreen({ query }: ScreenBodyProps) {
  return (
    <ScreenDataProvider>
      <EnvironmentBoard projectId={query.pjctid1} />
    </ScreenDataProvider>
  );
}
