// 项目数据大屏 › 隧道管理 (/LargeScreen/ProjectScreen/tunnelManager and the header's /ProjectScreen/Tunnel,
// docs/tunnel.md), designed at 1920×1080 in em: the faces' progress, people inside by zone and their list on
// the left; key figures, the longitudinal view of each tube with its faces and the daily advance in the
// middle; the gas and ventilation meters against their limits and the tunnel alarms on the right. One request
// feeds every panel, refreshed by the server's Tunnel stream; pjctid1 narrows it to one project. A project
// without a tunnel says so in every panel (本项目无隧道; a wider scope 所辖项目暂无隧道).
import { useMemo } from 'react';
import type { Tunnel } from '../../../../../../common/screens/tunnel';
import { projectScreen } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { useRotation } from '../../../kit/use-rotation';
import { AdvancePanel } from './AdvancePanel';
import { useTunnel } from './api';
import { FaceProgressPanel } from './FaceProgressPanel';
import { GasPanel } from './GasPanel';
import { LongitudinalPanel } from './LongitudinalPanel';
import { PeopleListPanel, ZonePanel } from './PeoplePanels';
import { TunnelAlarmsPanel } from './TunnelAlarmsPanel';
import { TunnelKpiStrip } from './TunnelKpiStrip';
import './tunnel.css';

/** Why every panel is empty when nothing of a tunnel is in scope. */
export const NO_TUNNEL = { project: '本项目无隧道', scope: '所辖项目暂无隧道' } as const;

/** Nothing of a tunnel in scope: no faces, no detectors, nobody inside. */
const hasNoTunnel = (data: Tunnel | undefined): boolean => !data || (data.faces.length === 0 && data.gas.devices.length === 0 && data.people.inside === 0);

function TunnelBoard({ projectId }: { projectId: string | undefined }) {
  const source = useTunnel(projectId);
  const data = source.data;
  const none = hasNoTunnel(data);
  const frame = frameOf(source, data && none ? (projectId ? NO_TUNNEL.project : NO_TUNNEL.scope) : undefined);
  const detectors = useMemo(() => (data?.gas.devices ?? []).map((d) => d.deviceCode), [data?.gas.devices]);
  const rotation = useRotation(detectors, detectors);
  return (
    <div className="ls-board tn-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column tn-left">
        <FaceProgressPanel faces={data?.faces} frame={frame} />
        <ZonePanel people={data?.people} frame={frame} none={none} />
        <PeopleListPanel people={data?.people} frame={frame} none={none} />
      </div>
      <div className="ls-column tn-centre">
        <TunnelKpiStrip data={none ? undefined : data} />
        <LongitudinalPanel tubes={data?.tubes} faces={data?.faces} frame={frame} />
        <AdvancePanel advance={data?.advance} frame={frame} />
      </div>
      <div className="ls-column tn-right">
        <GasPanel gas={data?.gas} rotation={rotation} frame={frame} />
        <TunnelAlarmsPanel data={data} frame={frame} none={none} />
      </div>
    </div>
  );
}

export const TunnelScreen = projectScreen(TunnelBoard, 'TunnelScreen');
