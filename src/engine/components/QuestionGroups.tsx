// The editor and the detail view of the questionGroups content kind (§3.3 template question lists;
// registered by kind in content-kinds.ts, not by page). Editing: groups as cards (序号, 分类名称), each
// question with its answer options as a labelled table (选项 / 值) with add and remove rows, and reusable
// option sets (合格/不合格/不适用 …) in one click. Reading: a checklist — groups as headings, numbered
// questions, their options as tags — instead of "选项编号：1 选项：合格 选项值：1".
import { Button, Card, Empty, Input, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { observer, useField } from '@formily/react';
import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type { JsonContentSchema } from '../../../common/metadata';
import { parseJsonValue } from '../schema/content-schema';
import './question-groups.css';

export type AnswerOption = { id?: string; name: string; value?: string; childList?: unknown[] } & Record<string, unknown>;
export type Question = { question: string; answer?: AnswerOption[] } & Record<string, unknown>;
export type QuestionGroup = { typeName: string; serNum?: string; content?: Question[] } & Record<string, unknown>;

/** Reusable option sets: one click fills a question's options (ids and values numbered from 1). */
export const OPTION_SETS: ReadonlyArray<{ label: string; names: readonly string[] }> = [
  { label: '合格/不合格/不适用', names: ['合格', '不合格', '不适用'] },
  { label: '合格/不合格', names: ['合格', '不合格'] },
  { label: '正常/异常', names: ['正常', '异常'] },
  { label: '是/否', names: ['是', '否'] },
];

export const optionSet = (names: readonly string[]): AnswerOption[] => names.map((name, i) => ({ id: String(i + 1), name, value: String(i + 1) }));

/** The next option of a question: numbered after the highest numeric id or value so far. */
export function nextOption(options: readonly AnswerOption[]): AnswerOption {
  const numbers = options.flatMap((o) => [Number(o.id), Number(o.value)]).filter((n) => Number.isFinite(n));
  const n = Math.max(0, ...numbers) + 1;
  return { id: String(n), name: '', value: String(n) };
}

const asGroups = (value: unknown, content?: JsonContentSchema): QuestionGroup[] => {
  const parsed = parseJsonValue(value, content);
  return Array.isArray(parsed) ? (parsed as QuestionGroup[]) : [];
};

/** Input placeholders: the content schema's descriptions (如：安全装置), else these. */
type Hints = { typeName: string; serNum: string; question: string; name: string; value: string };
const DEFAULT_HINTS: Hints = { typeName: '如：安全装置', serNum: '序号', question: '如：起重量限制器是否灵敏可靠', name: '如：合格', value: '如：1' };

function hintsOf(content?: JsonContentSchema): Hints {
  const group = content?.items?.properties;
  const question = group?.content?.items?.properties;
  const option = question?.answer?.items?.properties;
  return {
    typeName: group?.typeName?.description ?? DEFAULT_HINTS.typeName,
    serNum: group?.serNum?.title ?? DEFAULT_HINTS.serNum,
    question: question?.question?.description ?? DEFAULT_HINTS.question,
    name: option?.name?.description ?? DEFAULT_HINTS.name,
    value: option?.value?.description ?? DEFAULT_HINTS.value,
  };
}

const replaceAt = <T,>(list: readonly T[], i: number, item: T): T[] => list.map((x, j) => (j === i ? item : x));
const removeAt = <T,>(list: readonly T[], i: number): T[] => list.filter((_, j) => j !== i);
const move = <T,>(list: readonly T[], i: number, by: -1 | 1): T[] => {
  const j = i + by;
  if (j < 0 || j >= list.length) return [...list];
  const next = [...list];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
};

function OptionsTable({ options, onChange, label, hint }: { options: AnswerOption[]; onChange: (o: AnswerOption[]) => void; label: string; hint: Hints }) {
  return (
    <div className="qg-options">
      <Table<AnswerOption & { key: number }>
        size="small"
        pagination={false}
        bordered
        aria-label={`${label}的答案选项`}
        dataSource={options.map((o, i) => ({ ...o, key: i }))}
        locale={{ emptyText: '暂无选项，可添加选项或选用常用选项' }}
        columns={[
          { title: '序号', key: 'index', width: 56, align: 'center', render: (_v, _o, i) => i + 1 },
          {
            title: '选项',
            key: 'name',
            render: (_v, o, i) => (
              <Input
                value={o.name}
                status={o.name.trim() ? undefined : 'error'}
                placeholder={hint.name}
                aria-label={`选项${i + 1}`}
                onChange={(e) => onChange(replaceAt(options, i, { ...options[i], name: e.target.value }))}
              />
            ),
          },
          {
            title: '值',
            key: 'value',
            width: 160,
            render: (_v, o, i) => (
              <Input
                value={o.value ?? ''}
                placeholder={hint.value}
                aria-label={`值${i + 1}`}
                onChange={(e) => onChange(replaceAt(options, i, { ...options[i], value: e.target.value }))}
              />
            ),
          },
          {
            title: '操作',
            key: 'remove',
            width: 72,
            align: 'center',
            render: (_v, _o, i) => (
              <Button type="link" danger size="small" onClick={() => onChange(removeAt(options, i))} aria-label={`删除选项${i + 1}`}>
                删除
              </Button>
            ),
          },
        ]}
      />
      <Space wrap size={[8, 8]} className="qg-options-tools">
        <Button size="small" icon={<PlusOutlined />} onClick={() => onChange([...options, nextOption(options)])}>
          添加选项
        </Button>
        <Typography.Text type="secondary">常用选项：</Typography.Text>
        {OPTION_SETS.map((set) => (
          <Button key={set.label} size="small" onClick={() => onChange(optionSet(set.names))}>
            {set.label}
          </Button>
        ))}
      </Space>
    </div>
  );
}

function QuestionEditor({ question, index, onChange, onRemove, hint }: { question: Question; index: number; onChange: (q: Question) => void; onRemove: () => void; hint: Hints }) {
  const label = `检查项${index + 1}`;
  return (
    <div className="qg-question" role="group" aria-label={label}>
      <div className="qg-question-head">
        <span className="qg-question-no">{index + 1}.</span>
        <Input
          value={question.question}
          status={question.question?.trim() ? undefined : 'error'}
          placeholder={hint.question}
          aria-label={`${label}检查内容`}
          onChange={(e) => onChange({ ...question, question: e.target.value })}
        />
        <Tooltip title="删除检查项">
          <Button type="text" danger icon={<DeleteOutlined />} onClick={onRemove} aria-label={`删除${label}`} />
        </Tooltip>
      </div>
      <OptionsTable hint={hint} label={label} options={question.answer ?? []} onChange={(answer) => onChange({ ...question, answer })} />
    </div>
  );
}

function GroupEditor(props: { group: QuestionGroup; index: number; count: number; onChange: (g: QuestionGroup) => void; onRemove: () => void; onMove: (by: -1 | 1) => void; hint: Hints }) {
  const { group, index, count, onChange, onRemove, onMove, hint } = props;
  const questions = group.content ?? [];
  const label = `检查分类${index + 1}`;
  return (
    <Card
      size="small"
      className="qg-group"
      role="group"
      aria-label={label}
      title={
        <Space size={8} className="qg-group-title">
          <Input
            style={{ width: 80 }}
            value={group.serNum ?? ''}
            placeholder={hint.serNum}
            aria-label={`${label}序号`}
            onChange={(e) => onChange({ ...group, serNum: e.target.value })}
          />
          <Input
            style={{ width: 320 }}
            value={group.typeName}
            status={group.typeName?.trim() ? undefined : 'error'}
            placeholder={hint.typeName}
            aria-label={`${label}分类名称`}
            onChange={(e) => onChange({ ...group, typeName: e.target.value })}
          />
        </Space>
      }
      extra={
        <Space size={0}>
          <Button type="text" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => onMove(-1)} aria-label={`上移${label}`} />
          <Button type="text" icon={<ArrowDownOutlined />} disabled={index === count - 1} onClick={() => onMove(1)} aria-label={`下移${label}`} />
          <Button type="text" danger icon={<DeleteOutlined />} onClick={onRemove} aria-label={`删除${label}`} />
        </Space>
      }
    >
      {questions.map((q, i) => (
        <QuestionEditor
          key={i}
          hint={hint}
          question={q}
          index={i}
          onChange={(next) => onChange({ ...group, content: replaceAt(questions, i, next) })}
          onRemove={() => onChange({ ...group, content: removeAt(questions, i) })}
        />
      ))}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        onClick={() => onChange({ ...group, content: [...questions, { question: '', answer: optionSet(OPTION_SETS[0].names) }] })}
      >
        添加检查项
      </Button>
    </Card>
  );
}

/** The readable checklist of a question list (details, read-pretty forms). */
export function QuestionChecklist({ groups }: { groups: QuestionGroup[] }) {
  if (groups.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无内容" style={{ margin: 0 }} />;
  return (
    <div className="qg-checklist">
      {groups.map((g, gi) => (
        <section key={gi} className="qg-checklist-group" aria-label={g.typeName}>
          <div className="qg-checklist-heading">
            {g.serNum ? `${g.serNum}. ` : ''}
            {g.typeName}
            <Typography.Text type="secondary" className="qg-checklist-count">
              {(g.content ?? []).length} 项
            </Typography.Text>
          </div>
          <ol className="qg-checklist-questions">
            {(g.content ?? []).map((q, qi) => (
              <li key={qi}>
                <span className="qg-checklist-question">
                  <span className="qg-checklist-no">{qi + 1}.</span>
                  {q.question}
                </span>
                <span className="qg-checklist-options">
                  {(q.answer ?? []).map((o, oi) => (
                    <Tag key={oi} title={o.value ? `值：${o.value}` : undefined}>
                      {o.name}
                    </Tag>
                  ))}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

type Props = { value?: unknown; onChange?: (v: QuestionGroup[]) => void; content?: JsonContentSchema };

function QuestionGroupsView({ value, onChange, content }: Props) {
  const field = useField();
  const groups = asGroups(value, content);
  if (field?.pattern === 'readPretty' || field?.pattern === 'readOnly') return <QuestionChecklist groups={groups} />;
  const set = (next: QuestionGroup[]) => onChange?.(next);
  const hint = hintsOf(content);
  return (
    <div className="qg-editor">
      {groups.map((g, i) => (
        <GroupEditor
          key={i}
          hint={hint}
          group={g}
          index={i}
          count={groups.length}
          onChange={(next) => set(replaceAt(groups, i, next))}
          onRemove={() => set(removeAt(groups, i))}
          onMove={(by) => set(move(groups, i, by))}
        />
      ))}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        onClick={() => set([...groups, { typeName: '', content: [] }])}
      >
        添加检查分类
      </Button>
    </div>
  );
}

export const QuestionGroups = observer(QuestionGroupsView);
