// The detail dialog (模板详情 at 60% for the template): the page's detail fields drawn read pretty, then
// the related lists the page names (detail.relations), editable with the page's edit button, and the
// child tables (detail.children), paged, and the workflow's history as a timeline. ID and mobile numbers
// come masked as in the list; 显示完整信息 (where the role sees some in full) reads them as the field
// permissions allow (issue 29).
import { useEffect, useMemo, useState } from 'react';
import { Button, Modal, Spin, Tabs } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import type { EntitySchema, PageSchema } from '../../../common/metadata';
import { SchemaField } from '../components/schema-field';
import type { DataProvider, Id } from '../data/data-provider';
import { buildDetailSchema } from '../schema/form-schema';
import { toFormValues } from '../schema/form-values';
import { failureMessage } from './notify-failure';
import { ChangeLog } from './ChangeLog';
import { ChildList } from './ChildList';
import { RelationList } from './RelationList';
import { HistoryTimeline } from '../workflow/HistoryTimeline';
import { useMessage } from '../../lib/ui/message';

type Props = {
  page: PageSchema;
  entity: EntitySchema;
  provider: DataProvider;
  id: Id;
  onClose: () => void;
  /** Entities of the related lists by name (LoadedPage related). */
  related?: Readonly<Record<string, EntitySchema>>;
  /** The user holds the page's edit button: related lists may be changed. */
  editable?: boolean;
  /** The role sees some personal field of the page in full (its viewAction, or a mobile number): 显示完整信息. */
  revealable?: boolean;
};

export function DetailDialog({ page, entity, provider, id, onClose, related = {}, editable = false, revealable = false }: Props) {
  const message = useMessage();
  const form = useMemo(() => createForm({ readPretty: true }), []);
  const schema = useMemo(() => buildDetailSchema(page, entity), [page, entity]);
  const [loading, setLoading] = useState(true);
  const [revealed, setRevealed] = useState(false);

  useEffect(() => {
    let live = true;
    setLoading(true);
    provider
      .getOne(id, revealed ? { personal: 'full' } : undefined)
      .then((row) => live && form.setValues(toFormValues(entity, row)))
      .catch((e: unknown) => live && void message.error(failureMessage('加载详情失败', e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id, provider, form, entity, message, revealed]);

  const details = (
    <>
      <Spin spinning={loading} tip="加载中请稍后">
        <FormProvider form={form}>
          <FormLayout labelWidth={110} labelAlign="right" feedbackLayout="none">
            <SchemaField schema={schema} />
          </FormLayout>
        </FormProvider>
      </Spin>
      {(page.detail?.children ?? []).map((t) => {
        const spec = entity.children?.find((c) => c.name === t.children);
        const child = spec ? related[spec.entity] : undefined;
        return spec && child ? <ChildList key={t.children} table={t} title={spec.title} child={child} ownerEntity={entity} id={id} /> : null;
      })}
      {(page.detail?.relations ?? []).map((r) => {
        const relation = entity.relations?.find((x) => x.name === r.relation);
        const linked = relation ? related[relation.entity] : undefined;
        return relation && linked ? (
          <RelationList key={r.relation} relation={relation} linked={linked} columns={r.columns} provider={provider} ownerEntity={entity} id={id} editable={editable} />
        ) : null;
      })}
      {entity.workflow && <HistoryTimeline entity={entity} provider={provider} id={id} />}
    </>
  );

  return (
    <Modal
      open
      title={page.detail?.title}
      width={page.detail?.width ?? 720}
      onCancel={onClose}
      footer={
        <>
          {revealable && !revealed && <Button onClick={() => setRevealed(true)}>显示完整信息</Button>}
          <Button onClick={onClose}>关闭</Button>
        </>
      }
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto', paddingRight: 8 } }}
    >
      <Tabs
        items={[
          { key: 'detail', label: '详情', children: details },
          // 变更记录: this record's audit rows (docs/metadata.md "Audit trail"), loaded when the tab opens.
          { key: 'changes', label: '变更记录', children: <ChangeLog entity={entity} provider={provider} id={id} /> },
        ]}
      />
    </Modal>
  );
}
