// The small checklist table of §2.8: 类别, 部位, 检查项目, 检查结果 (radio buttons 合格/不合格/不适用,
// read-only), with 类别 and 部位 cells merged over their fixed rows.
import { Table, type TableColumnsType } from 'antd';
import { DEFAULT_CHECK_ANSWERS, type AnswerOption, type QuestionGroup } from '../model';
import { AnswerRadios } from './AnswerRadios';
import { rowSpans } from './spans';

export type ChecklistRow = { key: string; category: string; part: string; item: string; answers: AnswerOption[] };

const PART_SEPARATOR = /[：:]/;

/**
 * Rows of a question list: the group is the 类别; a question written `部位：检查项目` names its part,
 * otherwise the part is the category itself.
 */
export function checklistRows(groups: readonly QuestionGroup[]): ChecklistRow[] {
  return groups.flatMap((g, gi) =>
    g.content.map((q, qi) => {
      const sep = q.question.search(PART_SEPARATOR);
      const part = sep > 0 ? q.question.slice(0, sep).trim() : g.typeName;
      const item = sep > 0 ? q.question.slice(sep + 1).trim() : q.question;
      return { key: `${gi}-${qi}`, category: g.typeName, part, item, answers: q.answer.length ? q.answer : DEFAULT_CHECK_ANSWERS };
    }),
  );
}

export function ChecklistTable({ rows }: { rows: readonly ChecklistRow[] }) {
  const categorySpans = rowSpans(rows, (r) => r.category);
  const partSpans = rowSpans(rows, (r) => `${r.category}\u0000${r.part}`);
  const columns: TableColumnsType<ChecklistRow> = [
    { title: '类别', dataIndex: 'category', width: 120, align: 'center', onCell: (_r, i = 0) => ({ rowSpan: categorySpans[i] }) },
    { title: '部位', dataIndex: 'part', width: 120, align: 'center', onCell: (_r, i = 0) => ({ rowSpan: partSpans[i] }) },
    { title: '检查项目', dataIndex: 'item' },
    {
      title: '检查结果',
      key: 'result',
      width: 260,
      render: (_v, r) => <AnswerRadios options={r.answers} label={r.item} />,
    },
  ];
  return (
    <Table<ChecklistRow>
      className="record-checklist"
      size="small"
      bordered
      pagination={false}
      rowKey="key"
      columns={columns}
      dataSource={[...rows]}
    />
  );
}
