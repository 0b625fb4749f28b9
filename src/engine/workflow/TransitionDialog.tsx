// The dialog of one workflow transition, built from the schema (docs/metadata.md "Workflows"): its
// confirm text, the row's current state, the fields the transition fills (required ones marked, each
// with the field's own rules) and a comment. One row (Transition, with the row's version) or the
// selected rows (MultiTransition, answered per row).
import { useMemo, useState } from 'react';
import { Modal, Space, Typography } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import type { ISchema } from '@formily/react';
import type { EntityField, EntitySchema, WorkflowTransition } from '../../../common/metadata';
import { SchemaField } from '../components/schema-field';
import type { DataProvider, Id } from '../data/data-provider';
import { resolveApi } from '../data/entity-api';
import { failureMessage } from '../page/notify-failure';
import { fieldSchema } from '../schema/form-schema';
import { StateTag } from './StateTag';
import { workflowApi, type BatchOutcome } from './workflow-model';
import { useMessage } from '../../lib/ui/message';

export const COMMENT_FIELD: EntityField = { name: 'comment', type: 'text', title: '备注', maxLength: 500 };

/** The formily schema of a transition's fields: each entity field as the form draws it, required as the transition says. */
export function transitionSchema(entity: EntitySchema, transition: WorkflowTransition): ISchema {
  const properties: Record<string, ISchema> = {};
  let index = 0;
  for (const spec of transition.fields ?? []) {
    const field = entity.fields.find((f) => f.name === spec.field);
    if (!field) continue;
    const writable: EntityField = { ...field, readOnly: false, required: spec.required === true || field.required === true };
    properties[field.name] = { ...fieldSchema(writable, { field: field.name }, entity), 'x-index': index++ };
  }
  properties[COMMENT_FIELD.name] = { ...fieldSchema(COMMENT_FIELD, { field: COMMENT_FIELD.name, placeholder: '请输入备注' }), 'x-index': index };
  return { type: 'object', properties };
}

type Target = { kind: 'row'; id: Id; version?: unknown; state: unknown } | { kind: 'batch'; ids: readonly Id[] };

type Props = {
  entity: EntitySchema;
  provider: DataProvider;
  transition: WorkflowTransition;
  target: Target;
  onClose: () => void;
  /** After a move (one row) or a batch answer (every row's result). */
  onDone: (outcome?: BatchOutcome) => void;
};

export function TransitionDialog({ entity, provider, transition, target, onClose, onDone }: Props) {
  const message = useMessage();
  const form = useMemo(() => createForm({ validateFirst: false }), []);
  const schema = useMemo(() => transitionSchema(entity, transition), [entity, transition]);
  const [busy, setBusy] = useState(false);
  const workflow = entity.workflow;
  if (!workflow) return null;
  const api = workflowApi(workflow);
  const idParam = resolveApi(entity).idParam;

  const submit = async () => {
    try {
      await form.validate();
    } catch {
      return;
    }
    setBusy(true);
    const values = Object.fromEntries(Object.entries(form.values as Record<string, unknown>).filter(([, v]) => v !== undefined));
    try {
      if (target.kind === 'row') {
        const version = target.version === undefined || target.version === null ? {} : { version: target.version };
        await provider.custom({ method: 'POST', name: api.transition, data: { ...values, [idParam]: String(target.id), transition: transition.name, ...version } });
        void message.success(`${transition.label}成功`);
        onDone();
      } else {
        const outcome = await provider.custom<BatchOutcome>({ method: 'POST', name: api.multiTransition, data: { ...values, ids: target.ids.map(String), transition: transition.name } });
        onDone(outcome);
      }
    } catch (e) {
      void message.error(failureMessage(`${transition.label}失败`, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={target.kind === 'batch' ? `批量${transition.label}` : transition.label}
      width={560}
      maskClosable={false}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {transition.confirm && <Typography.Paragraph className="workflow-confirm">{transition.confirm}</Typography.Paragraph>}
        {target.kind === 'row' ? (
          <Typography.Text type="secondary">
            当前状态：<StateTag workflow={workflow} value={target.state} />
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">已选择 {target.ids.length} 条记录</Typography.Text>
        )}
        <FormProvider form={form}>
          <FormLayout labelWidth={90} labelAlign="right">
            <SchemaField schema={schema} />
          </FormLayout>
        </FormProvider>
      </Space>
    </Modal>
  );
}
