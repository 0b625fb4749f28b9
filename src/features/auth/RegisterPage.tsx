// /register: a new account waits for audit and cannot log in until it passes (docs/api.md).
import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { Link, useNavigate } from 'react-router-dom';
import { FORMATS, normaliseMobile, type FormatName } from '../../../common/validators';
import { PasswordStrength } from '../../lib/account/PasswordStrength';
import { postRegister } from '../../lib/session/api';
import { AuthShell } from './AuthShell';
import { useMessage } from '../../lib/ui/message';

type RegisterValues = {
  userName: string;
  password: string;
  confirmPassword: string;
  realName: string;
  mobile: string;
  companyName: string;
};

export const REGISTER_SUCCESS = '注册成功，账号需管理员审核通过后方可登录';

const format = (name: FormatName): Rule => ({
  validator: (_, value: string | undefined) =>
    !value || FORMATS[name].test(value) ? Promise.resolve() : Promise.reject(new Error(FORMATS[name].message)),
});

export function RegisterPage() {
  const [form] = Form.useForm<RegisterValues>();
  const password = Form.useWatch('password', form) ?? '';
  const navigate = useNavigate();
  const message = useMessage();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (v: RegisterValues) => {
    setSubmitting(true);
    try {
      const env = await postRegister({
        userName: v.userName.trim(),
        password: v.password,
        realName: v.realName.trim(),
        mobile: normaliseMobile(v.mobile.trim()),
        companyName: v.companyName.trim(),
      });
      if (env.status !== 1) {
        void message.error(env.detail || '注册失败');
        return;
      }
      void message.success(REGISTER_SUCCESS, 5);
      navigate('/login');
    } catch {
      // shown by the HTTP client (§8)
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthShell title="注册账号" subtitle="提交后需管理员审核通过方可登录">
      <Form<RegisterValues> form={form} name="register" layout="vertical" onFinish={onFinish} requiredMark={false} validateTrigger="onBlur">
        <Form.Item label="用户名" name="userName" rules={[{ required: true, message: '请输入用户名' }, format('username')]}>
          <Input placeholder="6-20位字母、数字或下划线" autoComplete="username" />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }, format('strongPassword')]}>
          <Input.Password placeholder="至少6位，含数字、大小写字母和特殊字符" autoComplete="new-password" />
        </Form.Item>
        <PasswordStrength password={password} />
        <Form.Item
          label="确认密码"
          name="confirmPassword"
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入密码' },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password placeholder="请再次输入密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="真实姓名" name="realName" rules={[{ required: true, message: '请输入真实姓名' }, format('realName')]}>
          <Input placeholder="2-16个汉字" />
        </Form.Item>
        <Form.Item label="手机号" name="mobile" rules={[{ required: true, message: '请输入手机号' }, format('mobile')]}>
          <Input placeholder="11位手机号码" maxLength={20} />
        </Form.Item>
        <Form.Item label="单位名称" name="companyName" rules={[{ required: true, whitespace: true, message: '请输入单位名称' }]}>
          <Input placeholder="请输入单位名称" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
            注册
          </Button>
        </Form.Item>
        <div className="auth-switch">
          已有账号？<Link to="/login">返回登录</Link>
        </div>
      </Form>
    </AuthShell>
  );
}
