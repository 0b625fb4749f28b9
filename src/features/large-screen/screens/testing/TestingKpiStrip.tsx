// The key figures of the 检测机构 screens: samples, the four states, the pass rate and the open alarms.
import { KeyFigures } from '../../kit/KeyFigures';
import { KpiTile } from '../../kit/KpiTile';
import type { Testing } from '../../../../../common/screens/testing';

export function TestingKpiStrip({ data, states }: { data: Testing | undefined; states?: boolean }) {
  const s = data?.summary;
  return (
    <KeyFigures label="关键指标">
      <KpiTile label="样品总数" value={s?.total} unit="组" tone="cyan" />
      {states ? (
        <>
          <KpiTile label="已取样" value={s?.sampled} unit="组" tone="grey" />
          <KpiTile label="已送检" value={s?.sent} unit="组" tone="blue" />
          <KpiTile label="检测中" value={s?.testing} unit="组" tone="amber" />
          <KpiTile label="已出报告" value={s?.reported} unit="份" tone="green" />
        </>
      ) : (
        <>
          <KpiTile label="本月取样" value={s?.thisMonth} unit="组" tone="blue" />
          <KpiTile label="已出报告" value={s?.reported} unit="份" tone="green" />
          <KpiTile label="检测合格率" value={s?.passRate} unit="%" decimals={1} tone="green" />
        </>
      )}
      <KpiTile label="不合格" value={s?.unqualified} unit="组" tone="red" />
      <KpiTile label="未处理告警" value={s?.openAlarms} unit="条" tone="red" />
    </KeyFigures>
  );
}
