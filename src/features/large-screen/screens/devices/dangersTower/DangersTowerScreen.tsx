// 项目数据大屏 › 特种设备 (/LargeScreen/ProjectScreen/dangersTower) and its supervision twin (jgddangers,
// the 监管 header's 特种设备), designed at 1920×1080 in em: equipment counts, the lifts' floor and load
// and the alarm kinds on the left; key figures, every crane's live load, moment, height, radius, wind and
// tilt, and the 24-hour peaks in the middle; the ledger entries (supervision: the devices per project), due
// maintenance and the alarm list on the right. One request feeds every panel, refreshed by the server's
// DangersTower stream.
import { useMemo, type ComponentType } from 'react';
import { projectScreen, type ProjectBoardProps } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import type { ScreenBodyProps } from '../../../screen-body';
import { DueMaintenancePanel } from '../../../shared/DueMaintenancePanel';
import { AlarmKindPanel } from '../../../shared/special/AlarmKindPanel';
import { DangerAlarmsPanel } from '../../../shared/special/DangerAlarmsPanel';
import { EquipmentSummaryPanel } from '../../../shared/special/EquipmentSummaryPanel';
import { LiftPanel } from '../../../shared/special/LiftPanel';
import { cranesOf, liftsOf } from '../../../shared/special/model';
import { PeakTrendPanel } from '../../../shared/special/PeakTrendPanel';
import { ProjectDevicesPanel } from '../../../shared/special/ProjectDevicesPanel';
import { useDangersTower } from './api';
import { CraneTablePanel } from './CraneTablePanel';
import { DangersTowerKpiStrip } from './DangersTowerKpiStrip';
import { LedgerPanel } from './LedgerPanel';
import './dangers-tower.css';

function board(supervision: boolean): ComponentType<ProjectBoardProps> {
  function Board({ projectId }: ProjectBoardProps) {
    const source = useDangersTower(projectId);
    const data = source.data;
    const frame = frameOf(source);
    const { cranes, lifts, projects } = useMemo(() => {
      const devices = data?.devices ?? [];
      return { cranes: cranesOf(devices), lifts: liftsOf(devices), projects: new Set(devices.map((d) => d.projectId)).size };
    }, [data?.devices]);
    return (
      <div className="ls-board dt-board" data-loaded={data ? 'true' : 'false'}>
        <div className="ls-column dt-left">
          <EquipmentSummaryPanel data={data} frame={frame} />
          <LiftPanel lifts={data && lifts} limits={data?.limits} frame={frame} />
          <AlarmKindPanel alarms={data?.alarms24h} frame={frame} />
        </div>
        <div className="ls-column dt-centre">
          <DangersTowerKpiStrip data={data} />
          <CraneTablePanel cranes={data && cranes} limits={data?.limits} frame={frame} showProject={projects > 1} />
          <PeakTrendPanel trend={data?.trend} limits={data?.limits} frame={frame} />
        </div>
        <div className="ls-column dt-right">
          {supervision ? <ProjectDevicesPanel devices={data?.devices} frame={frame} /> : <LedgerPanel devices={data?.devices} ledgers={data?.ledgers} frame={frame} />}
          <DueMaintenancePanel maintenance={data?.maintenance} frame={frame} title="特种设备保养" showProject={projects > 1} />
          <DangerAlarmsPanel alarms={data?.alarms24h.list} frame={frame} />
        </div>
      </div>
    );
  }
  return Board;
}

export const DangersTowerScreen: ComponentType<ScreenBodyProps> = projectScreen(board(false), 'DangersTowerScreen');
export const JgdDangersScreen: ComponentType<ScreenBodyProps> = projectScreen(board(true), 'JgdDangersScreen');
