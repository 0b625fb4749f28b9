// The key figures above the map: projects, under construction, contract value, main-contract value,
// licensed building area and the average elapsed schedule of the projects under construction.
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';
import type { Engineering } from '../../../../../../common/screens/engineering';
import { PROJECT_STATUS } from '../../../shared/model';
import { wanSquareMetres, yi } from './model';

export function EngineeringStrip({ data }: { data: Engineering | undefined }) {
  const building = data?.byStatus.find((s) => s.status === PROJECT_STATUS.underConstruction)?.count;
  return (
    <KeyFigures label="工程指标">
      <KpiTile label="项目总数" value={data?.total} unit="个" tone="cyan" />
      <KpiTile label="在建项目" value={building} unit="个" tone="green" />
      <KpiTile label="合同总额" value={data ? yi(data.summary.contractAmount) : undefined} unit="亿元" decimals={2} tone="amber" />
      <KpiTile label="总承包合同额" value={data ? yi(data.summary.mainContractAmount) : undefined} unit="亿元" decimals={2} tone="blue" />
      <KpiTile label="建筑面积" value={data ? wanSquareMetres(data.summary.buildingArea) : undefined} unit="万㎡" decimals={2} tone="cyan" />
      <KpiTile label="在建平均工期进度" value={data?.summary.averageProgress} unit="%" decimals={1} tone="green" />
    </KeyFigures>
  );
}
