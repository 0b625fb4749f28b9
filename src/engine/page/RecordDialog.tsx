// The add / edit dialog (§4 template dialog): add mode without an id, edit mode with one (the detail is
// loaded first). Success closes the dialog and reloads the list with the page's messages. The page's child
// tables (form.children) are edited with the row and saved with it (docs/metadata.md "Master–detail").
import { useEffect, useMemo, useRef, useState } from 'react';
import { Modal, Spin } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import { ROW_VERSION } from '../../../common/field-types';
import type { EntitySchema, PageSchema } from '../../../common/metadata';
import { HttpError } from '../../lib/http/client';
import { ChildTable } from '../components/ChildTable';
import { SchemaField } from '../components/schema-field';
import { childPayload, childRowMessages, newChildRow, rowMessageText, type ChildRow, type RowMessage } from '../schema/child-rows';
import type { DataProvider, Id } from '../data/data-provider';
import { buildFormSchema, hiddenFormFields } from '../schema/form-schema';
import { linesBox, linesOf, putLines, shareColumns } from '../schema/computed';
import { toFormValues, toPayload, type Values } from '../schema/form-values';
import type { HoldsAction } from '../../../common/metadata/field-access';
import { unwritableFields } from './field-permissions';
import { failureMessage } from './notify-failure';
import { pageMessages } from './page-messages';
import { useMessage } from '../../lib/ui/message';

type Props = {
  page: PageSchema;
  entity: EntitySchema;
  provider: DataProvider;
  id: Id | undefined;
  /** The role's §6 actions of the page: fields it may not write are never sent (field-permissions.ts). */
  can?: HoldsAction;
  onClose: () => void;
  onSaved: () => void;
  /** Entities by name: the child tables' entities (LoadedPage related). */
  related?: Readonly<Record<string, EntitySchema>>;
};

/** The child tables of the form with their declarations and entities; tables naming nothing known are left out. */
function childTables(page: PageSchema, entity: EntitySchema, related: Readonly<Record<string, EntitySchema>>) {
  return (page.form?.children ?? []).flatMap((t) => {
    const spec = entity.children?.find((c) => c.name === t.children);
    const child = spec ? related[spec.entity] : undefined;
    return spec && child ? [{ ...t, spec, child }] : [];
  });
}

/** The server's row message (RowRefusal data) of a failed save, if it was one. */
function serverRowMessage(e: unknown): { child: string; message: RowMessage } | null {
  if (!(e instanceof HttpError)) return null;
  const data = e.envelope?.data as { child?: unknown; row?: unknown; field?: unknown } | undefined;
  if (typeof data?.child !== 'string' || typeof data.row !== 'number') return null;
  const text = e.envelope?.detail ?? e.message;
  const field = typeof data.field === 'string' ? data.field : undefined;
  return { child: data.child, message: { row: data.row, ...(field ? { field } : {}), message: text.replace(/^第\d+行：/, '') } };
}

const NO_RELATED: Readonly<Record<string, EntitySchema>> = {};
const HOLDS_ALL: HoldsAction = () => true;

export function RecordDialog({ page, entity, provider, id, can = HOLDS_ALL, onClose, onSaved, related = NO_RELATED }: Props) {
  const message = useMessage();
  const messages = pageMessages(page.messages);
  const editing = id !== undefined;
  const form = useMemo(() => createForm({ validateFirst: false }), []);
  const mode = editing ? 'update' : 'create';
  // The child tables' lines as the computed fields read them (docs/metadata.md "Computed fields").
  const lines = useMemo(() => linesBox(), []);
  const schema = useMemo(() => buildFormSchema(page, entity, mode, { lines, related: (name) => related[name] }), [page, entity, mode, lines, related]);
  const hidden = useMemo(() => new Set([...hiddenFormFields(page, mode), ...unwritableFields(entity, can, mode)]), [page, entity, can, mode]);
  const [loading, setLoading] = useState(editing);
  const [saving, setSaving] = useState(false);
  const tables = useMemo(() => childTables(page, entity, related), [page, entity, related]);
  const [children, setChildren] = useState<Record<string, ChildRow[]>>({});
  const [rowMessages, setRowMessages] = useState<Record<string, RowMessage[]>>({});
  useEffect(() => {
    putLines(lines, Object.fromEntries(tables.map((t) => [t.children, linesOf(t.child, (children[t.children] ?? []).map((r) => r.values))])));
  }, [lines, tables, children]);
  // The row's version goes back with the edit: a row changed meanwhile is refused (docs/metadata.md "Versions").
  const version = useRef<unknown>(undefined);

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    provider
      .getOne(id, { personal: 'full' })
      .then((row) => {
        if (!live) return;
        version.current = row[ROW_VERSION];
        form.setInitialValues(toFormValues(entity, row));
        const loaded: Record<string, ChildRow[]> = {};
        for (const t of tables) {
          const rows = Array.isArray(row[t.children]) ? (row[t.children] as Values[]) : [];
          loaded[t.children] = rows.map((r) => newChildRow(toFormValues(t.child, r)));
        }
        setChildren(loaded);
      })
      .catch((e: unknown) => live && void message.error(failureMessage('加载详情失败', e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id, provider, form, entity, message, tables]);

  const submit = async () => {
    try {
      await form.validate();
    } catch {
      return;
    }
    // The child tables by the child entities' rules, before anything is sent.
    const found = Object.fromEntries(tables.map((t) => [t.children, childRowMessages(t.child, t.columns, children[t.children] ?? [])]));
    setRowMessages(found);
    const first = tables.find((t) => found[t.children].length > 0);
    if (first) {
      void message.error(`${first.spec.title}${rowMessageText(found[first.children][0])}`);
      return;
    }
    setSaving(true);
    try {
      const values = form.values as Values;
      const rows = Object.fromEntries(tables.map((t) => [t.children, childPayload(t.child, children[t.children] ?? [])]));
      const sent = version.current === undefined || version.current === null ? {} : { [ROW_VERSION]: version.current };
      if (editing) await provider.update(id, { ...toPayload(entity, values, 'update', hidden), ...rows, ...sent });
      else await provider.create({ ...toPayload(entity, values, 'create', hidden), ...rows });
      void message.success(editing ? messages.editSuccess : messages.addSuccess);
      onSaved();
    } catch (e) {
      const placed = serverRowMessage(e);
      if (placed) setRowMessages({ [placed.child]: [placed.message] });
      void message.error(failureMessage(editing ? messages.editFailure : messages.addFailure, e));
    } finally {
      setSaving(false);
    }
  };

  const f = page.form;
  return (
    <Modal
      open
      title={editing ? f?.editTitle : f?.addTitle}
      width={f?.width ?? 720}
      maskClosable={false}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ disabled: loading }}
      onOk={() => void submit()}
      onCancel={onClose}
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto', paddingRight: 8 } }}
    >
      <Spin spinning={loading} tip="加载中请稍后">
        <FormProvider form={form}>
          <FormLayout labelWidth={f?.labelWidth ?? 110} labelAlign="right" wrapperWidth={undefined}>
            <SchemaField schema={schema} />
          </FormLayout>
        </FormProvider>
        {tables.map((t) => (
          <ChildTable
            key={t.children}
            title={t.spec.title}
            entity={t.child}
            columns={t.columns}
            value={children[t.children] ?? []}
            onChange={(rows) => {
              setChildren((c) => ({ ...c, [t.children]: rows }));
              // Edited rows are checked again on submit; old messages would point at moved rows.
              setRowMessages((m) => ({ ...m, [t.children]: [] }));
            }}
            messages={rowMessages[t.children]}
            maxItems={t.spec.maxItems}
            sums={t.sums}
            shares={shareColumns(entity, t)}
          />
        ))}
      </Spin>
    </Modal>
  );
}
