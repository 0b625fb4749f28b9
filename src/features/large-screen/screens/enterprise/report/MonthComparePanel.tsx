// 本月对比: this month's figures against last month's, with the change (环比).
import { Panel } from '../../../kit/Panel';
import type { SourceFrame } from '../../../kit/frame';
import type { Report } from '../../../../../../common/screens/report';
import { changePercent, monthTitle, type FigureKey } from './model';

type Metric = { key: FigureKey; label: string; unit: string; /** A rise is bad news (alarms, hazards). */ riseIsBad?: boolean };

export const COMPARED: readonly Metric[] = [
  { key: 'personDays', label: '出勤人天', unit: '人天' },
  { key: 'personHours', label: '出勤工时', unit: '小时' },
  { key: 'alarms', label: '报警次数', unit: '次', riseIsBad: true },
  { key: 'hazardsFound', label: '发现隐患', unit: '项', riseIsBad: true },
  { key: 'hazardsClosed', label: '销项隐患', unit: '项' },
  { key: 'vehiclesIn', label: '车辆进场', unit: '车次' },
];

const number = (v: number) => (Math.round(v * 10) / 10).toLocaleString('zh-CN');

function Change({ now, before, riseIsBad }: { now: number; before: number; riseIsBad?: boolean }) {
  const change = changePercent(now, before);
  if (change === null) return <span className="rp-change">--</span>;
  if (change === 0) return <span className="rp-change">持平</span>;
  const up = change > 0;
  const tone = up === Boolean(riseIsBad) ? 'is-bad' : 'is-good';
  return (
    <span className={`rp-change ${tone}`} aria-label={`${up ? '上升' : '下降'} ${Math.abs(change)}%`}>
      {up ? '▲' : '▼'} {Math.abs(change)}%
    </span>
  );
}

export function MonthComparePanel({ report, frame }: { report: Report | undefined; frame: SourceFrame }) {
  const months = report?.months ?? [];
  const current = months[months.length - 1];
  const previous = months[months.length - 2];
  return (
    <Panel title="本月对比" {...frame} empty={!current || !previous} extra={current && <span>{monthTitle(current.month)}</span>}>
      {current && previous && (
        <table className="rp-compare" aria-label="本月与上月对比">
          <thead>
            <tr>
              <th scope="col">指标</th>
              <th scope="col">本月</th>
              <th scope="col">上月</th>
              <th scope="col">环比</th>
            </tr>
          </thead>
          <tbody>
            {COMPARED.map((m) => (
              <tr key={m.key}>
                <th scope="row">{m.label}</th>
                <td className="ls-digits">
                  {number(current[m.key])}
                  <small>{m.unit}</small>
                </td>
                <td className="ls-digits">{number(previous[m.key])}</td>
                <td>
                  <Change now={current[m.key]} before={previous[m.key]} riseIsBad={m.riseIsBad} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
