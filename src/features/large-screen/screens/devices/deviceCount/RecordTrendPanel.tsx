// 近7日巡检与保养: inspection records filled per day (合格 and 不合格 stacked) and maintenance tasks done.
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../../kit/charts/BarChart';
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { DeviceCount } from '../../../../../../common/screens/device-count';

export function RecordTrendPanel({ records, frame }: { records: DeviceCount['records'] | undefined; frame: SourceFrame }) {
  const chart = useMemo(() => {
    const days = records?.days ?? [];
    const series: BarSeries[] = [
      { name: '巡检合格', data: days.map((d) => d.inspections - d.failed), color: '#1ec8ff', stack: 'insp' },
      { name: '巡检不合格', data: days.map((d) => d.failed), color: '#ff4d6d', stack: 'insp' },
      { name: '完成保养', data: days.map((d) => d.maintained), color: '#22e3a5' },
    ];
    return { categories: days.map((d) => d.day.slice(5)), series };
  }, [records]);
  return (
    <Panel title="近7日巡检与保养" {...frame} empty={!records} extra={records && <span>近30天巡检 {records.inspections30d} 次，不合格 {records.failed30d} 次</span>}>
      <BarChart categories={chart.categories} series={chart.series} unit="次" label="近7日巡检记录与完成保养" />
    </Panel>
  );
}
