// /login (§2.2, §4 Session, §8 "Login status not 1").
import { useState } from 'react';
import { Button, Form } from 'antd';
// The two inputs themselves, not antd's Input namespace (TextArea, Search, OTP): the login page's bundle.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { Link, useSearchParams } from 'react-router-dom';
import { login } from '../../lib/session/actions';
import { AuthShell } from './AuthShell';
import { useMessage } from '../../lib/ui/message';

type LoginValues = { userName: string; password: string };

export function LoginPage() {
  const [params] = useSearchParams();
  const message = useMessage();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: LoginValues) => {
    setSubmitting(true);
    try {
      const outcome = await login({ userName: values.userName.trim(), password: values.password }, params.get('redirect') ?? undefined);
      if (!outcome.ok) void message.error(outcome.detail);
    } catch {
      // HTTP-level failures were already shown by the client (§8).
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthShell title="欢迎登录" subtitle="请使用平台账号登录">
      <Form<LoginValues> name="login" size="large" onFinish={onFinish} autoComplete="on" requiredMark={false} layout="vertical">
        <Form.Item label="用户名" name="userName" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
          <Input prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登录
          </Button>
        </Form.Item>
        <div className="auth-switch">
          还没有账号？<Link to="/register">注册</Link>
        </div>
      </Form>
    </AuthShell>
  );
}
