// A button that makes a share link (docs/share-links.md): chooses its lifetime (1 小时 … 30 天, 7 天 by
// default), asks the server (which checks the right and the scope, and logs it), copies the address and
// shows it with an <iframe> code for a camera. Used by 视频预览 (复制嵌入链接) and BIM模型 (分享链接).
import { Button, Input, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { SHARE_DEFAULT_HOURS, type ShareKind, type ShareLink } from '../../../common/share';
import { failureText } from '../http/errors';
import { chinaFormat } from '../time/china-time';
import { useMessage } from '../ui/message';
import { copyText } from '../clipboard';
import { createShareLink, embedCodeOf, shareUrlOf } from './api';

const LIFETIMES = [
  { value: 1, label: '1小时' },
  { value: 24, label: '1天' },
  { value: SHARE_DEFAULT_HOURS, label: '7天' },
  { value: 30 * 24, label: '30天' },
];

export type ShareLinkButtonProps = {
  kind: ShareKind;
  /** The camera's or the project's id. */
  id: string | null | undefined;
  label: string;
  /** What is shared, shown in the dialog. */
  subject: string;
  size?: 'small' | 'middle';
  type?: 'link' | 'default';
};

export function ShareLinkButton({ kind, id, label, subject, size, type = 'default' }: ShareLinkButtonProps) {
  const message = useMessage();
  const [open, setOpen] = useState(false);
  const [hours, setHours] = useState(SHARE_DEFAULT_HOURS);
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<ShareLink | null>(null);
  const url = link ? shareUrlOf(link) : '';

  const create = async () => {
    if (!id) return;
    setBusy(true);
    try {
      const made = await createShareLink(kind, id, hours);
      setLink(made);
      const copied = await copyText(shareUrlOf(made));
      if (copied) message.success('链接已复制');
      else message.warning('请手动复制下方链接');
    } catch (e) {
      message.error(failureText(e, '生成链接失败'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size={size} type={type} disabled={!id} onClick={() => { setLink(null); setOpen(true); }}>
        {label}
      </Button>
      <Modal open={open} title={label} onCancel={() => setOpen(false)} footer={null} destroyOnHidden width={560}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text>分享内容：{subject}</Typography.Text>
          <Typography.Text type="secondary">持有链接的人无需登录即可查看该内容，到期后链接失效。</Typography.Text>
          <Space>
            <span>有效期</span>
            <Select aria-label="有效期" value={hours} onChange={setHours} options={LIFETIMES} style={{ width: 120 }} />
            <Button type="primary" loading={busy} onClick={() => void create()}>
              生成并复制链接
            </Button>
          </Space>
          {link && (
            <>
              <Input.TextArea aria-label="分享链接" readOnly value={url} autoSize />
              <Typography.Text type="secondary">有效期至 {chinaFormat(link.expiresAt, 'YYYY-MM-DD HH:mm')}</Typography.Text>
              {kind === 'camera' && (
                <>
                  <Typography.Text>嵌入代码</Typography.Text>
                  <Input.TextArea aria-label="嵌入代码" readOnly value={embedCodeOf(url)} autoSize />
                </>
              )}
              <Button onClick={() => void copyText(url).then((ok) => (ok ? message.success('链接已复制') : message.warning('请手动复制链接')))}>复制链接</Button>
            </>
          )}
        </Space>
      </Modal>
    </>
  );
}
