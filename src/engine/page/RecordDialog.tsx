// The add / edit dialog (§4 template dialog): add mode without an id, edit mode with one (the detail is
// loaded first). Success closes the dialog and reloads the list with the page's messages.
import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Modal, Spin } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import { ROW_VERSION } from '../../../common/field-types';
import type { EntitySchema, PageSchema } from '../../../common/metadata';
import { SchemaField } from '../components/schema-field';
import type { DataProvider, Id } from '../data/data-provider';
import { buildFormSchema, hiddenFormFields } from '../schema/form-schema';
import { toFormValues, toPayload, type Values } from '../schema/form-values';
import { failureMessage } from './notify-failure';
import { pageMessages } from './page-messages';

type Props = { page: PageSchema; entity: EntitySchema; provider: DataProvider; id: Id | undefined; onClose: () => void; onSaved: () => void };

export function RecordDialog({ page, entity, provider, id, onClose, onSaved }: Props) {
  const { message } = App.useApp();
  const messages = pageMessages(page.messages);
  const editing = id !== undefined;
  const form = useMemo(() => createForm({ validateFirst: false }), []);
  const mode = editing ? 'update' : 'create';
  const schema = useMemo(() => buildFormSchema(page, entity, mode), [page, entity, mode]);
  const hidden = useMemo(() => hiddenFormFields(page, mode), [page, mode]);
  const [loading, setLoading] = useState(editing);
  const [saving, setSaving] = useState(false);
  // The row's version goes back with the edit: a row changed meanwhile is refused (docs/metadata.md "Versions").
  const version = useRef<unknown>(undefined);

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    provider
      .getOne(id)
      .then((row) => {
        if (!live) return;
        version.current = row[ROW_VERSION];
        form.setInitialValues(toFormValues(entity, row));
      })
      .catch((e: unknown) => live && void message.error(failureMessage('加载详情失败', e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id, provider, form, entity, message]);

  const submit = async () => {
    try {
      await form.validate();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const values = form.values as Values;
      const sent = version.current === undefined || version.current === null ? {} : { [ROW_VERSION]: version.current };
      if (editing) await provider.update(id, { ...toPayload(entity, values, 'update', hidden), ...sent });
      else await provider.create(toPayload(entity, values, 'create', hidden));
      void message.success(editing ? messages.editSuccess : messages.addSuccess);
      onSaved();
    } catch (e) {
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
      </Spin>
    </Modal>
  );
}
