// 企业数据大屏 › 特种设备 (/LargeScreen/EnterpriseScreen/danger), designed at 1920×1080 in em: equipment
// counts, the crane load ranking and the alarm kinds on the left; key figures, one crane's live gauges
// (rotating through the cranes) and the 24-hour peak trend in the middle; lifts, the devices per project
// and the alarm list on the right. One request feeds every panel, refreshed by the server's Danger stream.
import { useMemo } from 'react';
import { projectScreen } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { AlarmKindPanel } from '../../../shared/special/AlarmKindPanel';
import { useDanger } from './api';
import { CraneMonitorPanel } from './CraneMonitorPanel';
import { CraneRankingPanel } from './CraneRankingPanel';
import { DangerAlarmsPanel } from '../../../shared/special/DangerAlarmsPanel';
import { DangerKpiStrip } from '../../../shared/special/DangerKpiStrip';
import { EquipmentSummaryPanel } from '../../../shared/special/EquipmentSummaryPanel';
import { LiftPanel } from '../../../shared/special/LiftPanel';
import { cranesOf, liftsOf } from '../../../shared/special/model';
import { PeakTrendPanel } from '../../../shared/special/PeakTrendPanel';
import { ProjectDevicesPanel } from '../../../shared/special/ProjectDevicesPanel';
import { useRotation } from '../../../kit/use-rotation';
import './danger.css';

function DangerBoard({ projectId }: { projectId: string | undefined }) {
  const source = useDanger(projectId);
  const data = source.data;
  const frame = frameOf(source);
  const { cranes, lifts, ids, reporting } = useMemo(() => {
    const all = cranesOf(data?.devices ?? []);
    return {
      cranes: all,
      lifts: liftsOf(data?.devices ?? []),
      ids: all.map((d) => d.id),
      // The rotation visits the cranes that report now; any crane can still be chosen by hand.
      reporting: all.filter((d) => d.online && d.latest).map((d) => d.id),
    };
  }, [data?.devices]);
  const rotation = useRotation(reporting.length > 0 ? reporting : ids, ids);
  const crane = cranes.find((d) => d.id === rotation.current);

  return (
    <div className="ls-board dg-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column dg-left">
        <EquipmentSummaryPanel data={data} frame={frame} />
        <CraneRankingPanel cranes={data && cranes} limits={data?.limits} frame={frame} selectedId={rotation.current} onSelect={rotation.select} />
        <AlarmKindPanel alarms={data?.alarms24h} frame={frame} />
      </div>
      <div className="ls-column dg-centre">
        <DangerKpiStrip data={data} />
        <CraneMonitorPanel
          crane={crane}
          limits={data?.limits}
          position={{ index: Math.max(0, ids.indexOf(rotation.current ?? '')), count: ids.length }}
          frame={frame}
          onStep={rotation.step}
          onHold={rotation.setPaused}
        />
        <PeakTrendPanel trend={data?.trend} limits={data?.limits} frame={frame} />
      </div>
      <div className="ls-column dg-right">
        <LiftPanel lifts={data && lifts} limits={data?.limits} frame={frame} />
        <ProjectDevicesPanel devices={data?.devices} frame={frame} />
        <DangerAlarmsPanel alarms={data?.alarms24h.list} frame={frame} />
      </div>
    </div>
  );
}

export const DangerScreen = projectScreen(DangerBoard, 'DangerScreen');
