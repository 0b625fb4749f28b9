// 设备管理 (/LargeScreen/devicecount over the caller's projects, /ProjectScreen/devicecount for the project of
// pjctid1), designed at 1920×1080 in em: the devices' state, kinds and the last week's inspection and
// maintenance on the left; key figures and every device's live state in the middle; due maintenance and the
// unhandled alarms on the right. One request feeds every panel, refreshed by the server's DeviceCount stream.
import { projectScreen } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { DeviceKindPanel } from '../../../shared/DeviceKindPanel';
import { DeviceStatusPanel } from '../../../shared/DeviceStatusPanel';
import { DueMaintenancePanel } from '../../../shared/DueMaintenancePanel';
import { AlarmListPanel } from './AlarmListPanel';
import { useDeviceCount } from './api';
import { DeviceCountKpiStrip } from './DeviceCountKpiStrip';
import { DeviceLivePanel } from './DeviceLivePanel';
import { RecordTrendPanel } from './RecordTrendPanel';
import './device-count.css';

function DeviceCountBoard({ projectId }: { projectId: string | undefined }) {
  const source = useDeviceCount(projectId);
  const data = source.data;
  const frame = frameOf(source);
  return (
    <div className="ls-board dc-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column dc-left">
        <DeviceStatusPanel devices={data?.devices} frame={frame} />
        <DeviceKindPanel devices={data?.devices} frame={frame} />
        <RecordTrendPanel records={data?.records} frame={frame} />
      </div>
      <div className="ls-column dc-centre">
        <DeviceCountKpiStrip data={data} />
        <DeviceLivePanel list={data?.list} frame={frame} showProject={!projectId} />
      </div>
      <div className="ls-column dc-right">
        <DueMaintenancePanel maintenance={data?.maintenance} frame={frame} showProject={!projectId} />
        <AlarmListPanel alarms={data?.alarms} frame={frame} />
      </div>
    </div>
  );
}

export const DeviceCountScreen = projectScreen(DeviceCountBoard, 'DeviceCountScreen');
