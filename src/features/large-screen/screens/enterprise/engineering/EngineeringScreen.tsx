// 企业数据大屏 › 工程概况 (/LargeScreen/EnterpriseScreen/engineering, the §2.4 default of /LargeScreen; header
// /ProjectScreen/engineering), designed at 1920×1080 in em: projects by status, district and contract type
// on the left; key figures, the project map and the project list with values and schedule in the middle;
// schedule and contract rankings and the contracts signed per month on the right. One request feeds every
// panel, refreshed by the server's Engineering stream (docs/large-screens.md).
import { useMemo, useState } from 'react';
import type { Engineering } from '../../../../../../common/screens/engineering';
import { projectScreen } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { ProjectStatusPanel } from '../../../shared/ProjectStatusPanel';
import { AreaCountPanel } from '../../../shared/project-schedule';
import { useEngineering } from './api';
import { ContractTypePanel } from './ContractTypePanel';
import { EngineeringMapPanel } from './EngineeringMapPanel';
import { EngineeringStrip } from './EngineeringStrip';
import { ProjectValuePanel } from './ProjectValuePanel';
import { ProgressRankPanel, ValueRankPanel } from './RankPanels';
import { SignedPanel } from './SignedPanel';
import { moneyText } from './model';
import './engineering.css';

function EngineeringBoard({ projectId }: { projectId: string | undefined }) {
  const source = useEngineering(projectId);
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined);
  const data = source.data;
  const frame = frameOf(source);
  const status = useMemo(() => data && { total: data.total, byStatus: data.byStatus }, [data]);
  return (
    <div className="ls-board en-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column en-left">
        <ProjectStatusPanel projects={status} frame={frame} />
        <AreaCountPanel areas={data?.byArea} frame={frame} extra={topAreaText(data?.byArea)} />
        <ContractTypePanel types={data?.byContractType} frame={frame} />
      </div>
      <div className="ls-column en-centre">
        <EngineeringStrip data={data} />
        <EngineeringMapPanel projects={data?.projects} frame={frame} selectedId={selectedId} onSelect={setSelectedId} />
        <ProjectValuePanel projects={data?.projects} frame={frame} />
      </div>
      <div className="ls-column en-right">
        <ProgressRankPanel projects={data?.projects} frame={frame} selectedId={selectedId} onSelect={setSelectedId} />
        <ValueRankPanel projects={data?.projects} frame={frame} selectedId={selectedId} onSelect={setSelectedId} />
        <SignedPanel months={data?.signedByMonth} frame={frame} />
      </div>
    </div>
  );
}

/** 区域分布's note: the district with the largest contract value. */
function topAreaText(areas: Engineering['byArea'] | undefined) {
  const top = [...(areas ?? [])].sort((a, b) => b.contractAmount - a.contractAmount)[0];
  return top && top.contractAmount > 0 ? <span>合同额最高：{top.areaName} {moneyText(top.contractAmount)}</span> : undefined;
}

export const EngineeringScreen = projectScreen(EngineeringBoard, 'EngineeringScreen');
