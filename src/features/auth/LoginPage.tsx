// /login (§2.2, §4 Session, §8 "Login status not 1").
import { lazy, Suspense, useState } from 'react';
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

// 忘记密码's dialog (Modal, Alert, TextArea) loads when first opened, not with the login page.
const ForgotPasswordDialog = lazy(() => import('./ForgotPasswordDialog').then((m) => ({ default: m.ForgotPasswordDialog })));

type LoginValues = { userName: string; password: string };

export function LoginPage() {
  const [params] = useSearchParams();
  const message = useMessage();
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm<LoginValues>();
  // 忘记密码 (issue 29): a request to the administrators, prefilled with the account typed so far.
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotLoaded, setForgotLoaded] = useState(false);

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
      <Form<LoginValues> form={form} name="login" size="large" onFinish={onFinish} autoComplete="on" requiredMark={false} layout="vertical">
        <Form.Item label="用户名" name="userName" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
          <Input prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
        </Form.Item>
        <div className="auth-forgot">
          <Button type="link" size="small" onClick={() => { setForgotLoaded(true); setForgotOpen(true); }}>
            忘记密码？
          </Button>
        </div>
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登录
          </Button>
        </Form.Item>
        <div className="auth-switch">
          还没有账号？<Link to="/register">注册</Link>
        </div>
      </Form>
      {forgotLoaded && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={forgotOpen} userName={forgotOpen ? (form.getFieldValue('userName') as string | undefined) : undefined} onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
    </AuthShell>
  );
}
