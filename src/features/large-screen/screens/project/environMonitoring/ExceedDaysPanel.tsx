// 近30日超标天数: per project, the days of the last 30 with a reading over a limit (PM2.5, PM10, noise by
// day or night) out of the days monitored.
import { Panel } from '../../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../../kit/ScrollTable';
import type { SourceFrame } from '../../../kit/frame';
import type { ExceedDays } from '../../../../../../common/screens/environ-monitoring';

const COLUMNS: readonly ScrollColumn<ExceedDays>[] = [
  { key: 'project', title: '项目', width: 'minmax(0, 2fr)', render: (d) => <span title={d.projectName}>{d.projectName}</span> },
  { key: 'days', title: '超标', width: '3.4em', align: 'center', render: (d) => <span className={d.days > 0 ? 'em-over' : 'em-ok'}>{d.days}天</span> },
  { key: 'pm10', title: 'PM10', width: '3.2em', align: 'center', render: (d) => d.pm10 },
  { key: 'pm25', title: 'PM2.5', width: '3.4em', align: 'center', render: (d) => d.pm25 },
  { key: 'noise', title: '噪声', width: '3em', align: 'center', render: (d) => d.noise },
  { key: 'monitored', title: '监测', width: '3.4em', align: 'center', render: (d) => `${d.monitored}天` },
];

export function ExceedDaysPanel({ rows, frame }: { rows: ExceedDays[] | undefined; frame: SourceFrame }) {
  return (
    <Panel title="近30日超标天数" {...frame} empty={!rows || rows.length === 0}>
      <ScrollTable columns={COLUMNS} rows={rows ?? []} rowKey={(d) => d.projectId} label="近30日各项目超标天数" visibleRows={4} />
    </Panel>
  );
}
