// 行走设备 (§2.8: loaders, trucks, mobile cranes): a numbered table with the part merged over its items.
import { Table, type TableColumnsType } from 'antd';
import { AnswerRadios } from '../components/AnswerRadios';
import { rowSpans } from '../components/spans';
import type { AnswerOption, QuestionGroup } from '../model';

type Row = { key: string; no: string; part: string; question: string; answer: AnswerOption[] };

export function WalkingEquipmentLayout({ groups }: { groups: readonly QuestionGroup[] }) {
  const rows: Row[] = groups.flatMap((g, gi) =>
    g.content.map((q, qi) => ({ key: `${gi}-${qi}`, no: `${g.serNum ?? gi + 1}.${qi + 1}`, part: g.typeName, question: q.question, answer: q.answer })),
  );
  const spans = rowSpans(rows, (r) => r.part);
  const columns: TableColumnsType<Row> = [
    { title: '序号', dataIndex: 'no', width: 70, align: 'center' },
    { title: '检查部位', dataIndex: 'part', width: 140, align: 'center', onCell: (_r, i = 0) => ({ rowSpan: spans[i] }) },
    { title: '检查内容', dataIndex: 'question' },
    { title: '检查结果', key: 'answer', width: 260, render: (_v, r) => <AnswerRadios options={r.answer} label={r.question} /> },
  ];
  return <Table<Row> size="small" bordered pagination={false} rowKey="key" columns={columns} dataSource={rows} />;
}
