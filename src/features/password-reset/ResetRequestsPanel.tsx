// 用户管理's 密码重置申请 (issue 29; docs/security-auth.md "Forgotten passwords"): the current company's pending
// 忘记密码 requests, shown above the generated user list to a role holding its edit button; 重置密码 sets a new
// password through ERPUser/editUser (its privilege checks, 操作日志, the user's sessions ended), which handles
// the request and notices the user on the server.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Space, Table, Typography } from 'antd';
import { hasPermission } from '../../../common/menu-tree';
import { checkNewPassword, PASSWORD_MESSAGES } from '../../../common/password-rules';
import { useSession } from '../../lib/session/store';
import { useMessage } from '../../lib/ui/message';
import { getPendingResets, resetPassword, type PendingReset } from './api';

const chinaTime = (iso: string): string => {
  const at = new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString();
  return `${at.slice(0, 10)} ${at.slice(11, 16)}`;
};

export function ResetRequestsPanel() {
  const menu = useSession((s) => s.menu);
  const allowed = hasPermission(menu, 'userManage', 'index', 'edit');
  const [rows, setRows] = useState<PendingReset[]>([]);
  const [target, setTarget] = useState<PendingReset | null>(null);

  const load = useCallback(async () => {
    if (!allowed) return;
    try {
      const env = await getPendingResets();
      setRows(env.status === 1 ? (env.data ?? []) : []);
    } catch {
      setRows([]);
    }
  }, [allowed]);
  useEffect(() => void load(), [load]);

  if (!allowed || rows.length === 0) return null;
  return (
    <Card size="small" className="reset-requests" title={`密码重置申请（${rows.length}）`} style={{ marginBottom: 12 }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        以下用户在登录页申请重置密码。请先通过电话或当面核实是本人申请，再为其设置新密码并告知本人；重置后该用户的登录状态全部失效，系统会通知本人尽快修改密码。
      </Typography.Paragraph>
      <Table<PendingReset>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: '用户名', dataIndex: 'userName', width: 130 },
          { title: '姓名', dataIndex: 'realName', width: 100 },
          { title: '申请时间', dataIndex: 'requestedAt', width: 150, render: (v: string) => chinaTime(v) },
          { title: '联系电话', dataIndex: 'contact', width: 130, render: (v: string) => v || '—' },
          { title: '说明', dataIndex: 'reason', ellipsis: true, render: (v: string) => v || '—' },
          {
            title: '操作',
            key: 'action',
            width: 100,
            render: (_: unknown, row) => (
              <Button type="link" size="small" onClick={() => setTarget(row)}>
                重置密码
              </Button>
            ),
          },
        ]}
      />
      {target && <ResetDialog target={target} onClose={(done) => { setTarget(null); if (done) void load(); }} />}
    </Card>
  );
}

type Values = { password: string; repeat: string };

function ResetDialog({ target, onClose }: { target: PendingReset; onClose: (done: boolean) => void }): ReactNode {
  const [form] = Form.useForm<Values>();
  const message = useMessage();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const env = await resetPassword(target.userId, v.password);
      if (env.status !== 1) {
        void message.error(env.detail || '重置密码失败');
        return;
      }
      void message.success(`已重置 ${target.userName} 的密码，并已通知本人`);
      onClose(true);
    } catch {
      // shown by the HTTP client (§8)
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={`重置密码：${target.userName}（${target.realName}）`} okText="确定重置" cancelText="取消" confirmLoading={saving} onOk={() => void submit()} onCancel={() => onClose(false)} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon message="请确认已核实是本人申请；新密码请通过电话或当面告知，不要在群聊中发送。" />
        <Form<Values> form={form} name="reset-password" layout="vertical" requiredMark={false}>
          <Form.Item
            label="新密码"
            name="password"
            rules={[
              { required: true, message: PASSWORD_MESSAGES.newRequired },
              { validator: async (_, value: string) => { const broken = value ? checkNewPassword('', value) : null; if (broken) throw new Error(broken); } },
            ]}
          >
            <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="确认新密码"
            name="repeat"
            dependencies={['password']}
            rules={[
              { required: true, message: PASSWORD_MESSAGES.repeatRequired },
              ({ getFieldValue }) => ({ validator: async (_, value: string) => { if (value && value !== getFieldValue('password')) throw new Error(PASSWORD_MESSAGES.mismatch); } }),
            ]}
          >
            <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Space>
    </Modal>
  );
}
