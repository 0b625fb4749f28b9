// The detail dialog (模板详情 at 60% for the template): the page's detail fields drawn read pretty.
import { useEffect, useMemo, useState } from 'react';
import { App, Button, Modal, Spin } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import type { EntitySchema, PageSchema } from '../../../common/metadata';
import { SchemaField } from '../components/schema-field';
import type { DataProvider, Id } from '../data/data-provider';
import { buildDetailSchema } from '../schema/form-schema';
import { toFormValues } from '../schema/form-values';
import { failureMessage } from './notify-failure';

type Props = { page: PageSchema; entity: EntitySchema; provider: DataProvider; id: Id; onClose: () => void };

export function DetailDialog({ page, entity, provider, id, onClose }: Props) {
  const { message } = App.useApp();
  const form = useMemo(() => createForm({ readPretty: true }), []);
  const schema = useMemo(() => buildDetailSchema(page, entity), [page, entity]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    provider
      .getOne(id)
      .then((row) => live && form.setValues(toFormValues(entity, row)))
      .catch((e: unknown) => live && void message.error(failureMessage('加载详情失败', e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id, provider, form, entity, message]);

  return (
    <Modal
      open
      title={page.detail?.title}
      width={page.detail?.width ?? 720}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto', paddingRight: 8 } }}
    >
      <Spin spinning={loading} tip="加载中请稍后">
        <FormProvider form={form}>
          <FormLayout labelWidth={110} labelAlign="right" feedbackLayout="none">
            <SchemaField schema={schema} />
          </FormLayout>
        </FormProvider>
      </Spin>
    </Modal>
  );
}
