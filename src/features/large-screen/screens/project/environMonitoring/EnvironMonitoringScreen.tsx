// 项目数据大屏 › 环境监测 (/LargeScreen/ProjectScreen/environMonitoring, docs/environment.md "Screens"),
// designed at 1920×1080 in em: the monitors, today's exceedances and the wind on the left; key figures
// (PM2.5, PM10, noise now), the 24-hour particle and noise trends in the middle; the exceedance days of the
// last 30, the alarms with their handling and temperature/humidity on the right. One request feeds every
// panel, refreshed by the server's EnvironMonitoring stream; pjctid1 narrows it to one project.
import { useMemo } from 'react';
import { projectScreen } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { useRotation } from '../../../kit/use-rotation';
import { DeviceStatusPanel, type DeviceStatusWords } from '../../../shared/DeviceStatusPanel';
import { EnvKpiStrip } from '../../enterprise/environment/EnvKpiStrip';
import { ExceedTodayPanel } from '../../enterprise/environment/ExceedTodayPanel';
import { NoiseTrendPanel } from '../../enterprise/environment/NoiseTrendPanel';
import { ParticleTrendPanel } from '../../enterprise/environment/ParticleTrendPanel';
import { WeatherTrendPanel } from '../../enterprise/environment/WeatherTrendPanel';
import { WindPanel } from '../../enterprise/environment/WindPanel';
import '../../enterprise/environment/environment.css';
import { AlarmHandlingPanel } from './AlarmHandlingPanel';
import { useEnvironMonitoring } from './api';
import { ExceedDaysPanel } from './ExceedDaysPanel';
import './environ-monitoring.css';

const MONITOR_WORDS: DeviceStatusWords = { title: '监测设备状态', total: '监测设备', online: '在线', offline: '离线', alarm: '报警', gauge: '环境监测设备在线率' };

function EnvironMonitoringBoard({ projectId }: { projectId: string | undefined }) {
  const source = useEnvironMonitoring(projectId);
  const data = source.data;
  const frame = frameOf(source);
  const projectIds = useMemo(() => (data?.latest ?? []).map((r) => r.projectId), [data?.latest]);
  const rotation = useRotation(projectIds, projectIds);
  return (
    <div className="ls-board em-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column em-left">
        <DeviceStatusPanel devices={data?.devices} frame={frame} words={MONITOR_WORDS} />
        <ExceedTodayPanel data={data} frame={frame} />
        <WindPanel readings={data?.latest} windLimit={data?.thresholds.windSpeed} rotation={rotation} frame={frame} />
      </div>
      <div className="ls-column em-centre">
        <EnvKpiStrip data={data} />
        <ParticleTrendPanel data={data} frame={frame} />
        <NoiseTrendPanel data={data} frame={frame} />
      </div>
      <div className="ls-column em-right">
        <ExceedDaysPanel rows={data?.exceedDays} frame={frame} />
        <AlarmHandlingPanel alarms={data?.alarms} handling={data?.handling} frame={frame} />
        <WeatherTrendPanel trend={data?.trend} frame={frame} />
      </div>
    </div>
  );
}

export const EnvironMonitoringScreen = projectScreen(EnvironMonitoringBoard, 'EnvironMonitoringScreen');
