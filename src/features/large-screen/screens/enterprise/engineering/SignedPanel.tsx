// 近12个月合同签订: contract value signed per month (万元), the current month last.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { Engineering } from '../../../../../../common/screens/engineering';
import { wan } from './model';

export function SignedPanel({ months, frame }: { months: Engineering['signedByMonth'] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const list = months ?? [];
    const series: BarSeries[] = [{ name: '签订金额', data: list.map((m) => wan(m.amount)), color: '#ffc53d' }];
    return { categories: list.map((m) => `${Number(m.month.slice(5))}月`), series };
  }, [months]);
  const count = (months ?? []).reduce((n, m) => n + m.count, 0);
  return (
    <Panel title="近12个月合同签订" {...frame} empty={!months || months.length === 0} extra={months && <span>{count} 份</span>}>
      <BarChart categories={chart.categories} series={chart.series} unit="万元" label="近12个月每月合同签订金额" />
    </Panel>
  );
}
