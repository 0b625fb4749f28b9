// The scrolling sample lists of the 检测机构 screens: 见证取样记录 (who took and witnessed it, seal, where it
// went, its state) and 检测报告 (report number, date, conclusion).
import { chinaFormat } from '../../../../lib/time/china-time';
import { Panel } from '../../kit/Panel';
import { ScrollTable, type ScrollColumn } from '../../kit/ScrollTable';
import type { SourceFrame } from '../../kit/frame';
import type { SampleItem } from '../../../../../common/screens/testing';

const text = (value: string) => <span title={value}>{value || '--'}</span>;

export const Conclusion = ({ s }: { s: Pick<SampleItem, 'conclusion'> }) =>
  s.conclusion === '2' ? <span className="tc-tag is-bad">不合格</span> : s.conclusion === '1' ? <span className="tc-tag is-good">合格</span> : <span className="tc-muted">--</span>;

const SAMPLE_COLUMNS: readonly ScrollColumn<SampleItem>[] = [
  { key: 'time', title: '取样时间', width: '5.8em', render: (s) => <span className="ls-digits">{chinaFormat(s.sampledAt, 'MM-DD HH:mm')}</span> },
  { key: 'no', title: '样品编号', width: 'minmax(0, 1.5fr)', render: (s) => text(s.sampleNo) },
  { key: 'material', title: '材料', width: 'minmax(0, 1.1fr)', render: (s) => <span title={`${s.materialName} ${s.specification}`}>{s.materialName}</span> },
  { key: 'location', title: '工程部位', width: 'minmax(0, 1.6fr)', render: (s) => <span title={`${s.projectName} ${s.location}`}>{s.location}</span> },
  { key: 'people', title: '取样/见证', width: 'minmax(0, 1.2fr)', render: (s) => text(`${s.sampler}/${s.witness}`) },
  { key: 'seal', title: '封样编号', width: 'minmax(0, 1.2fr)', render: (s) => text(s.sealNo) },
  { key: 'state', title: '状态', width: '4.6em', align: 'center', render: (s) => <span className={`tc-state is-${s.status}`}>{s.statusName}</span> },
];

const REPORT_COLUMNS: readonly ScrollColumn<SampleItem>[] = [
  { key: 'date', title: '报告日期', width: '5.4em', render: (s) => <span className="ls-digits">{s.reportDate ? s.reportDate.slice(5) : '--'}</span> },
  { key: 'report', title: '报告编号', width: 'minmax(0, 1.6fr)', render: (s) => text(s.reportNo) },
  { key: 'no', title: '样品编号', width: 'minmax(0, 1.5fr)', render: (s) => text(s.sampleNo) },
  { key: 'material', title: '材料', width: 'minmax(0, 1.1fr)', render: (s) => <span title={`${s.materialName} ${s.specification}`}>{s.materialName}</span> },
  { key: 'institution', title: '检测机构', width: 'minmax(0, 2fr)', render: (s) => text(s.institutionName) },
  { key: 'conclusion', title: '结论', width: '4.2em', align: 'center', render: (s) => <Conclusion s={s} /> },
];

export type SampleTableKind = 'samples' | 'reports';

export function SampleTablePanel({ kind, rows, frame }: { kind: SampleTableKind; rows: SampleItem[] | undefined; frame: SourceFrame }) {
  const samples = kind === 'samples';
  return (
    <Panel title={samples ? '见证取样记录' : '检测报告'} {...frame} empty={!rows || rows.length === 0} extra={rows && <span>最近 {rows.length} {samples ? '组' : '份'}</span>}>
      {rows && (
        <ScrollTable
          columns={samples ? SAMPLE_COLUMNS : REPORT_COLUMNS}
          rows={rows}
          rowKey={(s) => s.id}
          label={samples ? '最近见证取样记录' : '最近检测报告'}
          visibleRows={8}
          rowClassName={(s) => (s.conclusion === '2' ? 'tc-row-bad' : undefined)}
        />
      )}
    </Panel>
  );
}
