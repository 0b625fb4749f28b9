// 批量新增 (PageSchema list.toolbar `add` with `batch`, docs/metadata.md "Batch actions"): the shared
// fields as a form (sent as `values`) over an editable table of rows (the entity's own fields, checked by
// its rules before anything is sent), saved by one POST <base>/BatchCreate `{ values, rows }`. The server
// runs each row through the single create (entity.batch.create: all-or-nothing or each); a refused row's
// reason is shown under it (第2行：…) and the dialog stays open, a clean batch closes it with 成功 N 条.
import { useMemo, useState } from 'react';
import { Modal } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import { BATCH_ENDPOINTS, type BatchResult as BatchAnswer, type EntitySchema, type FormField, type PageSchema, type ToolbarAction } from '../../../common/metadata';
import { batchSummary } from '../components/BatchResult';
import { ChildTable } from '../components/ChildTable';
import { SchemaField } from '../components/schema-field';
import type { DataProvider } from '../data/data-provider';
import { childPayload, childRowMessages, newChildRow, rowMessageText, type ChildRow, type RowMessage } from '../schema/child-rows';
import { formFieldSpec } from '../schema/entity-fields';
import { buildFormSchema } from '../schema/form-schema';
import { toPayload, type Values } from '../schema/form-values';
import { failureMessage } from './notify-failure';
import { useMessage } from '../../lib/ui/message';

export type BatchCreateSpec = NonNullable<ToolbarAction['batch']>;

/** The page whose form is only the shared fields, each with the add form's own spec (placeholder, span) when it has one. */
export function sharedFormPage(page: PageSchema, spec: BatchCreateSpec): PageSchema {
  const own = new Map((page.form?.fields ?? []).map((f) => [formFieldSpec(f).field, f] as const));
  const fields: FormField[] = (spec.fields ?? []).map((name) => own.get(name) ?? { field: name });
  const columns = (fields.length > 1 ? (page.form?.columns ?? 1) : 1) as NonNullable<NonNullable<PageSchema['form']>['columns']>;
  return { ...page, form: { addTitle: spec.title ?? page.title, editTitle: spec.title ?? page.title, ...page.form, fields, columns } };
}

/** The request body: the shared values once, each row's own fields (the entity's create payload of its columns). */
export function batchCreateBody(entity: EntitySchema, spec: BatchCreateSpec, values: Values, rows: readonly ChildRow[]): { values: Values; rows: Values[] } {
  const shared = new Set(spec.fields ?? []);
  const own = new Set(spec.columns);
  const pick = (v: Values, keep: ReadonlySet<string>) => Object.fromEntries(Object.entries(v).filter(([k]) => keep.has(k)));
  return {
    values: pick(toPayload(entity, values, 'create'), shared),
    rows: childPayload(entity, rows).map((r) => pick(r, own)),
  };
}

/** The rows still to save after an answer (the refused ones, in order) and their reasons renumbered to them. */
export function keptRows(answer: BatchAnswer, rows: readonly ChildRow[]): { rows: ChildRow[]; messages: RowMessage[] } {
  const refused = answer.results.map((r, i) => ({ r, at: r.row ?? i })).filter(({ r }) => !r.ok);
  return {
    rows: refused.map(({ at }) => rows[at]).filter((r) => r !== undefined),
    messages: refused.map(({ r }, i) => ({ row: i, message: r.message })),
  };
}

type Props = {
  page: PageSchema;
  entity: EntitySchema;
  provider: DataProvider;
  spec: BatchCreateSpec;
  title: string;
  onClose: () => void;
  /** Every row saved: close and reload. */
  onSaved: () => void;
  /** Some rows saved (entity.batch.create `each`): the list reloads, the refused rows stay to be mended. */
  onChanged: () => void;
};

export function BatchCreateDialog({ page, entity, provider, spec, title, onClose, onSaved, onChanged }: Props) {
  const message = useMessage();
  const form = useMemo(() => createForm({ validateFirst: false }), []);
  const formPage = useMemo(() => sharedFormPage(page, spec), [page, spec]);
  const schema = useMemo(() => buildFormSchema(formPage, entity, 'create'), [formPage, entity]);
  const [rows, setRows] = useState<ChildRow[]>(() => [newChildRow()]);
  const [messages, setMessages] = useState<RowMessage[]>([]);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    try {
      await form.validate();
    } catch {
      return;
    }
    if (rows.length === 0) return void message.error('请至少添加一行');
    const found = childRowMessages(entity, spec.columns, rows);
    setMessages(found);
    if (found.length > 0) return void message.error(rowMessageText(found[0]));
    setSaving(true);
    try {
      const answer = await provider.custom<BatchAnswer>({ method: 'POST', name: BATCH_ENDPOINTS.create, data: batchCreateBody(entity, spec, form.values as Values, rows) });
      if (answer.failed === 0) {
        void message.success(batchSummary(answer));
        onSaved();
        return;
      }
      // The saved rows leave the table (each mode); the refused ones stay with their reasons, renumbered.
      const kept = keptRows(answer, rows);
      setRows(kept.rows);
      setMessages(kept.messages);
      // An all-or-nothing batch answers every other row 同批有数据失败: the first real reason leads.
      const lead = kept.messages.find((m) => !m.message.startsWith('同批')) ?? kept.messages[0];
      void message.error(`${batchSummary(answer)}：${rowMessageText(lead)}`);
      if (answer.succeeded > 0) onChanged();
    } catch (e) {
      void message.error(failureMessage(`${title}失败`, e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      width={page.form?.width ?? 880}
      maskClosable={false}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto', paddingRight: 8 } }}
    >
      {(spec.fields ?? []).length > 0 && (
        <FormProvider form={form}>
          <FormLayout labelWidth={page.form?.labelWidth ?? 110} labelAlign="right">
            <SchemaField schema={schema} />
          </FormLayout>
        </FormProvider>
      )}
      <ChildTable
        title={entity.title}
        entity={entity}
        columns={spec.columns}
        value={rows}
        onChange={(next) => {
          setRows(next);
          setMessages([]);
        }}
        messages={messages}
        maxItems={500}
      />
    </Modal>
  );
}
