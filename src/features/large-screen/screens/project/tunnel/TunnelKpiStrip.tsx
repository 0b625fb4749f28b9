// The key figures over the longitudinal view: design length, excavated, overall progress, today's and this
// month's advance, people inside now; -- for each without data (the screen passes none for a project without a tunnel).
import type { Tunnel } from '../../../../../../common/screens/tunnel';
import { KeyFigures } from '../../../kit/KeyFigures';
import { KpiTile } from '../../../kit/KpiTile';

export function TunnelKpiStrip({ data }: { data: Tunnel | undefined }) {
  const s = data?.summary;
  return (
    <KeyFigures label="关键指标">
      <KpiTile label="设计长度" value={s?.designLength} unit="m" decimals={0} tone="blue" />
      <KpiTile label="已开挖" value={s?.excavated} unit="m" tone="cyan" />
      <KpiTile label="总体进度" value={s?.progress} unit="%" decimals={1} tone="green" />
      <KpiTile label="今日进尺" value={s?.todayAdvance} unit="m" decimals={1} tone="cyan" />
      <KpiTile label="本月进尺" value={s?.monthAdvance} unit="m" decimals={1} tone="blue" />
      <KpiTile label="洞内人员" value={s?.inside} unit="人" tone={s && s.unhandled > 0 ? 'amber' : 'green'} />
    </KeyFigures>
  );
}
