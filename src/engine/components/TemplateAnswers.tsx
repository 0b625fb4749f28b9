// The answers of a filled checklist (a `json` field; docs/devices.md "Records"): in the form, the questions
// the page's `props.url` answers for the value of the form field `props.sourceField` (with `props.query`
// added) — `{ templateName, deviceType, questions: [{ serNum, typeName, question, options }] }` — one radio
// group each, with a note and up to three photos (upload addresses) for a 不合格 answer; the value is
// `[{ serNum, typeName, question, answer, remark?, photo? }]`. Read-only (detail), the filled answers with
// 不合格 in red and each answer's photos.
import { Alert, Input, Radio, Table, Tag } from 'antd';
import { observer, useField, useForm } from '@formily/react';
import useSWR from 'swr';
import { http, unwrap } from '../../lib/http/client';
import { FileUploadBase } from './FileUploadBase';
import { ImageList } from './ImageUpload';
import { uploadRules } from './upload-rules';

type Question = { serNum: string; typeName: string; question: string; options: string[] };
export type Answer = { serNum?: string; typeName?: string; question: string; answer: string; remark?: string; photo?: string };
type RecordTemplate = { templateId: string; templateName: string; deviceType: string; questions: Question[] };

const FAIL = '不合格';
/** Photos of one answer: images as the record's 现场照片, three at most. */
const PHOTO_RULES = uploadRules('multiImage', { maxCount: 3 });

export function parseAnswers(value: unknown): Answer[] {
  if (Array.isArray(value)) return value as Answer[];
  if (typeof value !== 'string' || value.trim() === '') return [];
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) ? (parsed as Answer[]) : [];
  } catch {
    return [];
  }
}

export function AnswersView({ answers }: { answers: Answer[] }) {
  return (
    <Table<Answer & { n: number }>
      size="small"
      pagination={false}
      rowKey="n"
      dataSource={answers.map((a, i) => ({ ...a, n: i + 1 }))}
      columns={[
        { title: '序号', dataIndex: 'n', width: 60 },
        { title: '类别', dataIndex: 'typeName', width: 120 },
        { title: '检查项', dataIndex: 'question' },
        { title: '结果', dataIndex: 'answer', width: 90, render: (a: string) => <Tag color={a === FAIL ? 'red' : a === '合格' ? 'green' : 'default'}>{a}</Tag> },
        { title: '说明', dataIndex: 'remark', width: 160 },
        { title: '照片', dataIndex: 'photo', width: 120, render: (p?: string) => <ImageList value={p} /> },
      ]}
    />
  );
}

type Props = { value?: unknown; onChange?: (v: unknown) => void; url?: string; sourceField?: string; query?: Record<string, string> };

function TemplateAnswersView({ value, onChange, url, sourceField = 'deviceId', query }: Props) {
  const field = useField();
  const form = useForm();
  const deviceId = String((form.values as Record<string, unknown>)[sourceField] ?? '');
  const answers = parseAnswers(value);
  const readOnly = field.pattern === 'readPretty' || field.pattern === 'readOnly' || field.pattern === 'disabled';
  const key = !readOnly && deviceId && url ? [url, deviceId, JSON.stringify(query ?? {})] : null;
  const { data, error, isLoading } = useSWR(key, ([u, id, q]: string[]) =>
    unwrap(http.get<RecordTemplate>(u, { ...(JSON.parse(q) as Record<string, string>), [sourceField]: id })), { revalidateOnFocus: false, shouldRetryOnError: false });
  if (readOnly) return answers.length > 0 ? <AnswersView answers={answers} /> : <span>—</span>;
  if (!deviceId) return <Alert type="info" showIcon message="请先选择设备，将按该设备类型的模板列出检查项" />;
  if (isLoading) return <span>加载中请稍后</span>;
  if (error || !data) return <Alert type="warning" showIcon message={error instanceof Error ? error.message : '未找到该设备的检查模板'} />;
  const byQuestion = new Map(answers.map((a) => [a.question, a]));
  const set = (q: Question, patch: Partial<Answer>) => {
    const next = data.questions.map((t) => {
      const old = byQuestion.get(t.question);
      const base: Answer = { serNum: t.serNum, typeName: t.typeName, question: t.question, answer: old?.answer ?? '', ...(old?.remark ? { remark: old.remark } : {}), ...(old?.photo ? { photo: old.photo } : {}) };
      if (t.question !== q.question) return base;
      const next: Answer = { ...base, ...patch };
      if (!next.photo) delete next.photo;
      return next;
    }).filter((a) => a.answer !== '' || a.remark || a.photo);
    onChange?.(next);
  };
  return (
    <div className="record-answers">
      <div style={{ marginBottom: 8, color: '#666' }}>模板：{data.templateName}（{data.deviceType}）</div>
      {data.questions.map((q, i) => {
        const a = byQuestion.get(q.question);
        return (
          <div key={q.question} style={{ padding: '6px 0', borderBottom: '1px solid #f0f0f0' }} data-question={i + 1}>
            <div>{i + 1}. {q.typeName ? <Tag>{q.typeName}</Tag> : null}{q.question}</div>
            <Radio.Group aria-label={`第${i + 1}项`} value={a?.answer} options={q.options.map((o) => ({ label: o, value: o }))} onChange={(e) => set(q, { answer: String(e.target.value) })} />
            {a?.answer === FAIL ? (
              <>
                <Input size="small" style={{ marginTop: 4 }} maxLength={200} placeholder="请说明不合格情况" value={a.remark ?? ''} onChange={(e) => set(q, { remark: e.target.value })} />
                <div style={{ marginTop: 4 }} aria-label={`第${i + 1}项照片`} role="group">
                  <FileUploadBase value={a.photo ?? ''} onChange={(v) => set(q, { photo: v })} rules={PHOTO_RULES} />
                </div>
              </>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

export const TemplateAnswers = observer(TemplateAnswersView);
