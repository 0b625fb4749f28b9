// The audit dialog of a generated page (row action `audit`, §6 button audit; e.g. §7.2 AuditUser): asks
// for one of the entity's audit values (通过 / 驳回) and sends it to the entity's audit endpoint.
import { useState } from 'react';
import { Button, Modal, Space, Typography } from 'antd';
import type { EntitySchema, PageSchema } from '../../../common/metadata';
import type { DataProvider, Id } from '../data/data-provider';
import { resolveApi } from '../data/entity-api';
import { failureMessage } from './notify-failure';
import { pageMessages } from './page-messages';
import { useMessage } from '../../lib/ui/message';

type Props = { page: PageSchema; entity: EntitySchema; provider: DataProvider; id: Id; current?: string; onClose: () => void; onDone: () => void };

export function AuditDialog({ page, entity, provider, id, current, onClose, onDone }: Props) {
  const message = useMessage();
  const messages = pageMessages(page.messages);
  const [busy, setBusy] = useState<string | null>(null);
  const audit = entity.audit;
  if (!audit) return null;
  const api = resolveApi(entity);

  const choose = async (value: string) => {
    setBusy(value);
    try {
      await provider.custom({ method: 'POST', name: api.audit, data: { [api.idParam]: String(id), [audit.field]: value } });
      void message.success(messages.auditSuccess);
      onDone();
    } catch (e) {
      void message.error(failureMessage(messages.auditFailure, e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open
      title={messages.auditTitle}
      width={480}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          {[...audit.values].reverse().map((v, i, all) => (
            <Button
              key={v.value}
              type={i === all.length - 1 ? 'primary' : 'default'}
              danger={i !== all.length - 1}
              loading={busy === v.value}
              disabled={busy !== null && busy !== v.value}
              onClick={() => void choose(v.value)}
            >
              {v.label}
            </Button>
          ))}
        </Space>
      }
    >
      <Typography.Paragraph>{messages.auditConfirm}</Typography.Paragraph>
      {current && <Typography.Text type="secondary">当前状态：{current}</Typography.Text>}
    </Modal>
  );
}
