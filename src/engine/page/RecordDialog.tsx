// The add / edit dialog (§4 template dialog): add mode without an id, edit mode with one (the detail is
// loaded first). Success closes the dialog and reloads the list with the page's messages.
import { useEffect, useMemo, useState } from 'react';
import { App, Modal, Spin } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import type { EntitySchema, PageSchema } from '../../../common/metadata';
import { SchemaField } from '../components/schema-field';
import type { DataProvider, Id } from '../data/data-provider';
import { buildFormSchema, hiddenFormFields } from '../schema/form-schema';
import { toFormValues, toPayload, type Values } from '../schema/form-values';
import type { HoldsAction } from '../../../common/metadata/field-access';
import { unwritableFields } from './field-permissions';
import { failureMessage } from './notify-failure';
import { pageMessages } from './page-messages';

type Props = {
  page: PageSchema;
  entity: EntitySchema;
  provider: DataProvider;
  id: Id | undefined;
  /** The role's §6 actions of the page: fields it may not write are never sent (field-permissions.ts). */
  can?: HoldsAction;
  onClose: () => void;
  onSaved: () => void;
};

const HOLDS_ALL: HoldsAction = () => true;

export function RecordDialog({ page, entity, provider, id, can = HOLDS_ALL, onClose, onSaved }: Props) {
  const { message } = App.useApp();
  const messages = pageMessages(page.messages);
  const editing = id !== undefined;
  const form = useMemo(() => createForm({ validateFirst: false }), []);
  const mode = editing ? 'update' : 'create';
  const schema = useMemo(() => buildFormSchema(page, entity, mode), [page, entity, mode]);
  const hidden = useMemo(() => new Set([...hiddenFormFields(page, mode), ...unwritableFields(entity, can, mode)]), [page, entity, can, mode]);
  const [loading, setLoading] = useState(editing);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    provider
      .getOne(id)
      .then((row) => live && form.setInitialValues(toFormValues(entity, row)))
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
      if (editing) await provider.update(id, toPayload(entity, values, 'update', hidden));
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
