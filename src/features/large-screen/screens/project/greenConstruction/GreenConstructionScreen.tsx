// 项目数据大屏 › 绿色施工 (/LargeScreen/ProjectScreen/GreenConstructionNew, docs/environment.md "Screens"),
// designed at 1920×1080 in em: dust and noise now and over 24 hours, and the storage points' stock on the
// left; the solid-waste key figures, its daily generation and transfer, and the manifests in the middle; the
// waste's kinds and where it was disposed of on the right. One request feeds every panel, refreshed by the server's
// GreenConstruction stream; pjctid1 narrows it to one project. (No water, electricity or spraying data is
// recorded yet, so the screen shows none.)
import { projectScreen } from '../../../data/project-screen';
import { frameOf } from '../../../kit/frame';
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import { useGreenConstruction } from './api';
import { DustNoisePanel } from './DustNoisePanel';
import { DisposalMethodPanel, ManifestPanel, StoragePanel, WasteDailyPanel, WasteKindPanel } from './WastePanels';
import './green-construction.css';

function GreenConstructionBoard({ projectId }: { projectId: string | undefined }) {
  const source = useGreenConstruction(projectId);
  const data = source.data;
  const frame = frameOf(source);
  const w = data?.waste;
  return (
    <div className="ls-board gc-board" data-loaded={data ? 'true' : 'false'}>
      <div className="ls-column gc-left">
        <DustNoisePanel data={data} frame={frame} />
        <StoragePanel storages={data?.storages} frame={frame} />
      </div>
      <div className="ls-column gc-centre">
        <KeyFigures label="固废关键指标">
          <KpiTile label="近30日产生" value={w?.generated} decimals={1} unit="吨" tone="amber" />
          <KpiTile label="已转移" value={w?.transferred} decimals={1} unit="吨" tone="blue" />
          <KpiTile label="已处置" value={w?.disposed} decimals={1} unit="吨" tone="green" />
          <KpiTile label="资源化率" value={w?.recycleRate} decimals={1} unit="%" tone="cyan" />
          <KpiTile label="磅差超限" value={w?.manifestsFlagged} unit="份" tone="red" />
        </KeyFigures>
        <WasteDailyPanel daily={data?.daily} frame={frame} />
        <ManifestPanel manifests={data?.manifests} open={w?.manifestsOpen} frame={frame} />
      </div>
      <div className="ls-column gc-right">
        <WasteKindPanel kinds={data?.byKind} frame={frame} />
        <DisposalMethodPanel methods={data?.byMethod} recycleRate={w?.recycleRate} frame={frame} />
      </div>
    </div>
  );
}

export const GreenConstructionScreen = projectScreen(GreenConstructionBoard, 'GreenConstructionScreen');
