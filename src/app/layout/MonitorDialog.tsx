// §2.6 / §4 监视公司 dialog: a radio list of watch companies; confirming without a choice takes the first.
import { useState } from 'react';
import { Empty, Modal, Radio, Space } from 'antd';
import type { WatchCompany } from '../../../common/wire';

export type MonitorDialogProps = {
  open: boolean;
  companies: readonly WatchCompany[];
  onCancel(): void;
  onConfirm(company: WatchCompany): Promise<void>;
};

export function MonitorDialog({ open, companies, onCancel, onConfirm }: MonitorDialogProps) {
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const company = companies.find((c) => c.companyID === chosen) ?? companies[0];
    if (!company) return;
    setBusy(true);
    try {
      await onConfirm(company);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="监视公司"
      open={open}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      okButtonProps={{ disabled: companies.length === 0 }}
      onOk={() => void confirm()}
      onCancel={onCancel}
      destroyOnHidden
    >
      {companies.length === 0 ? (
        <Empty description="暂无可监视的公司" />
      ) : (
        <Radio.Group value={chosen ?? companies[0]?.companyID} onChange={(e) => setChosen(e.target.value as string)}>
          <Space direction="vertical">
            {companies.map((c) => (
              <Radio key={c.companyID} value={c.companyID}>
                {c.companyName}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
    </Modal>
  );
}
