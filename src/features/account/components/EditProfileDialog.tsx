// The 编辑资料 dialog: real name, mobile and e-mail checked with the shared formats of §5.5, posted to ModifyMyInfo.
import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { FORMATS, normaliseMobile, type FormatName } from '../../../../common/validators';
import type { ModifyMyInfoRequest, UserProfile } from '../../../../common/wire';
import { modifyMyInfo } from '../api/modifyMyInfo';
import { failureText, shownByClient } from '../../../lib/http/errors';
import { useMessage } from '../../../lib/ui/message';

type Props = { profile: UserProfile; open: boolean; onClose(): void; onSaved(profile: UserProfile): void };

const format = (name: FormatName): Rule => ({
  validator: (_rule, value: string | undefined) =>
    !value || FORMATS[name].test(value) ? Promise.resolve() : Promise.reject(new Error(FORMATS[name].message)),
});

export function EditProfileDialog({ profile, open, onClose, onSaved }: Props) {
  const message = useMessage();
  const [form] = Form.useForm<ModifyMyInfoRequest>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let values: ModifyMyInfoRequest;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const saved = await modifyMyInfo({ realName: values.realName.trim(), mobile: normaliseMobile(values.mobile.trim()), email: (values.email ?? '').trim() });
      message.success('修改成功');
      onSaved(saved);
    } catch (e) {
      if (!shownByClient(e)) message.error(failureText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title="编辑资料"
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      width={480}
    >
      <Form<ModifyMyInfoRequest>
        form={form}
        preserve={false}
        labelCol={{ flex: '96px' }}
        validateTrigger="onBlur"
        style={{ marginTop: 24 }}
        initialValues={{ realName: profile.RealName ?? '', mobile: profile.Mobile ?? '', email: profile.Email ?? '' }}
      >
        <Form.Item name="realName" label="真实姓名" validateFirst rules={[{ required: true, whitespace: true, message: '请输入真实姓名' }, format('realName')]}>
          <Input placeholder="2-16个汉字" maxLength={16} />
        </Form.Item>
        <Form.Item name="mobile" label="手机号" validateFirst rules={[{ required: true, whitespace: true, message: '请输入手机号' }, format('mobile')]}>
          <Input placeholder="11位手机号码" maxLength={20} />
        </Form.Item>
        <Form.Item name="email" label="邮箱" rules={[format('email')]}>
          <Input placeholder="例如 name@example.com" maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
