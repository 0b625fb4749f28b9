// The login page's 忘记密码 (issue 29): the account (and, if the user likes, a phone and a reason) goes to the
// administrators who may manage it; the answer is the same whether or not the account exists.
import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useMessage } from '../../lib/ui/message';
import type { Envelope } from '../../../common/envelope';
import { http } from '../../lib/http/client';

/** POST PasswordReset/Request (public; server/routes/password-reset.ts): the same answer for every account. */
const postResetRequest = (body: { userName: string; contact: string; reason: string }): Promise<Envelope<unknown>> => http.post('/api/PasswordReset/Request', body);

type Values = { userName: string; contact?: string; reason?: string };

export function ForgotPasswordDialog({ open, userName, onClose }: { open: boolean; userName?: string; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const message = useMessage();
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    const v = await form.validateFields();
    setSubmitting(true);
    try {
      const env = await postResetRequest({ userName: v.userName.trim(), contact: v.contact?.trim() ?? '', reason: v.reason?.trim() ?? '' });
      if (env.status !== 1) {
        void message.error(env.detail || '提交失败');
        return;
      }
      void message.success(env.detail, 8);
      form.resetFields();
      onClose();
    } catch {
      // shown by the HTTP client (§8)
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      title="忘记密码"
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="提交申请"
      cancelText="取消"
      confirmLoading={submitting}
      destroyOnHidden
      afterOpenChange={(shown) => shown && form.setFieldsValue({ userName: userName?.trim() || undefined })}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="由管理员为您重置密码"
        description="提交后，系统会通知可管理该账号的管理员。管理员核实身份并重置密码后，会通过系统消息通知您；新密码请向管理员当面或电话确认，登录后请立即修改。"
      />
      <Form<Values> form={form} name="forgot-password" layout="vertical" requiredMark={false}>
        <Form.Item label="用户名" name="userName" rules={[{ required: true, whitespace: true, message: '请输入用户名' }, { max: 50, message: '用户名不能超过50个字符' }]}>
          <Input placeholder="请输入登录账号" autoComplete="username" />
        </Form.Item>
        <Form.Item label="联系电话" name="contact" rules={[{ max: 20, message: '联系电话不能超过20个字符' }]}>
          <Input placeholder="选填，便于管理员与您联系" autoComplete="tel" />
        </Form.Item>
        <Form.Item label="说明" name="reason" rules={[{ max: 200, message: '说明不能超过200个字' }]}>
          <Input.TextArea placeholder="选填，如所在部门、姓名" rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
