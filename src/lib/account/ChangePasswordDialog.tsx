// The 修改密码 dialog (§5.2, §7.2, §8), shared by the back office and the large-screen header. Rules are
// checked on blur in the spec's order; the request is sent only when all pass. The repeat is compared
// with the NEW password (one original variant compared it with itself). `variant` picks the wording of
// the same-as-old rule; §5.5's strong-password rule and 低/中/高 label apply to both (screen: 两次输入密码不能一致!) and the request's fromplat (screen: minapp).
import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { PASSWORD_MESSAGES, checkNewPassword } from '../../../common/password-rules';
import { failureText, shownByClient } from '../http/errors';
import { PasswordStrength } from './PasswordStrength';
import { modifyPassword, type PasswordVariant } from './modifyPassword';
import { useMessage } from '../ui/message';

export type ChangePasswordDialogProps = { open: boolean; onClose(): void; onChanged(): void; variant?: PasswordVariant };
type Values = { oldPwd: string; userPwd: string; userPwdNew: string };

export function ChangePasswordDialog({ open, onClose, onChanged, variant = 'backend' }: ChangePasswordDialogProps) {
  const message = useMessage();
  const [form] = Form.useForm<Values>();
  const newPassword = Form.useWatch('userPwd', form) ?? '';
  const [saving, setSaving] = useState(false);

  const oldRules: Rule[] = [{ required: true, message: PASSWORD_MESSAGES.oldRequired }];
  const newRules: Rule[] = [
    ({ getFieldValue }) => ({
      validator: (_rule, value: string | undefined) => {
        const bad = checkNewPassword(getFieldValue('oldPwd') ?? '', value ?? '', variant);
        return bad ? Promise.reject(new Error(bad)) : Promise.resolve();
      },
    }),
  ];
  const repeatRules: Rule[] = [
    ({ getFieldValue }) => ({
      validator: (_rule, value: string | undefined) => {
        if (!value) return Promise.reject(new Error(PASSWORD_MESSAGES.repeatRequired));
        if (value !== getFieldValue('userPwd')) return Promise.reject(new Error(PASSWORD_MESSAGES.mismatch));
        return Promise.resolve();
      },
    }),
  ];

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // the failed rules are shown under their fields
    }
    setSaving(true);
    try {
      await modifyPassword({ oldPwd: values.oldPwd, userPwd: values.userPwd }, variant);
    } catch (e) {
      if (!shownByClient(e)) message.error(failureText(e));
      return;
    } finally {
      setSaving(false);
    }
    message.success(PASSWORD_MESSAGES.success);
    onChanged();
  };

  return (
    <Modal
      open={open}
      title="修改密码"
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      width={460}
    >
      <Form<Values>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '96px' }}
        preserve={false}
        validateTrigger="onBlur"
        style={{ marginTop: 24 }}
        onFinish={() => void submit()}
      >
        <Form.Item name="oldPwd" label="原始密码" rules={oldRules} required>
          <Input.Password placeholder="当前使用的密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="userPwd" label="新密码" rules={newRules} dependencies={['oldPwd']} required>
          <Input.Password placeholder="至少6位，含数字、大小写字母和特殊字符" autoComplete="new-password" />
        </Form.Item>
        {newPassword && (
          <Form.Item label=" " colon={false} style={{ marginTop: -16, marginBottom: 8 }}>
            <PasswordStrength password={newPassword} className="password-strength" />
          </Form.Item>
        )}
        <Form.Item name="userPwdNew" label="确认新密码" rules={repeatRules} dependencies={['userPwd']} required>
          <Input.Password placeholder="再次输入新密码" autoComplete="new-password" onPressEnter={() => void submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
