// /MyAccount/index (§2.2): personal information, 编辑资料 and 修改密码.
import { useState } from 'react';
import { Alert, Avatar, Button, Card, Col, Descriptions, Divider, Row, Space, Spin, Tag, Typography } from 'antd';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import MailOutlined from '@ant-design/icons/es/icons/MailOutlined';
import PhoneOutlined from '@ant-design/icons/es/icons/PhoneOutlined';
import { chinaFormat } from '../../lib/time/china-time';
import { MESSAGES } from '../../../common/constants';
import type { UserProfile } from '../../../common/wire';
import { logout } from '../../lib/session/actions';
import { useUserProfile } from './api/getUserInfo';
import { failureText } from '../../lib/http/errors';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { EditProfileDialog } from './components/EditProfileDialog';

const USER_TYPES: Record<string, { label: string; color: string }> = {
  '0': { label: '企业用户', color: 'blue' },
  '1': { label: '政府监管', color: 'purple' },
  '2': { label: '项目用户', color: 'cyan' },
};

const EMPTY = '—';
const dateTime = (v: string | null | undefined): string => {
  if (!v) return EMPTY;
  return chinaFormat(v, 'YYYY-MM-DD HH:mm:ss', v);
};
const text = (v: string | null | undefined): string => (v ? v : EMPTY);

export function MyAccount() {
  const { data: profile, error, isLoading, mutate } = useUserProfile();
  const [editing, setEditing] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);

  if (isLoading) {
    return (
      <Card variant="borderless">
        <Spin tip={MESSAGES.loading} size="large">
          <div style={{ minHeight: 240 }} />
        </Spin>
      </Card>
    );
  }
  if (error || !profile) {
    return (
      <Card variant="borderless">
        <Alert
          type="error"
          showIcon
          message="个人信息加载失败"
          description={failureText(error, '请稍后重试')}
          action={
            <Button size="small" onClick={() => void mutate()}>
              重试
            </Button>
          }
        />
      </Card>
    );
  }

  const userType = USER_TYPES[profile.UserAuthType];
  const displayName = profile.RealName || profile.UserName;

  const onSaved = (saved: UserProfile) => {
    setEditing(false);
    void mutate(saved, { revalidate: false });
  };

  // §4: a changed password ends the session (the server already revoked every token, so no logout call):
  // storage and in-memory session are cleared and the user signs in again, coming back here.
  const onPasswordChanged = () => {
    setChangingPassword(false);
    void logout({ callServer: false, from: '/MyAccount/index' });
  };

  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={7}>
          <Card variant="borderless" style={{ height: '100%' }}>
            <div style={{ textAlign: 'center', padding: '8px 0 4px' }}>
              <Avatar size={88} style={{ backgroundColor: '#1664e0', fontSize: 36 }}>
                {Array.from(displayName)[0] ?? ''}
              </Avatar>
              <Typography.Title level={4} style={{ margin: '16px 0 4px' }}>
                {displayName}
              </Typography.Title>
              <Typography.Text type="secondary">{profile.UserName}</Typography.Text>
              <div style={{ marginTop: 12 }}>
                {userType && <Tag color={userType.color}>{userType.label}</Tag>}
                {profile.RoleName && <Tag>{profile.RoleName}</Tag>}
              </div>
            </div>
            <Divider />
            <Space direction="vertical" size={10} style={{ width: '100%' }}>
              <Typography.Text>
                <PhoneOutlined style={{ marginRight: 8, color: '#8c8c8c' }} />
                {text(profile.Mobile)}
              </Typography.Text>
              <Typography.Text>
                <MailOutlined style={{ marginRight: 8, color: '#8c8c8c' }} />
                {text(profile.Email)}
              </Typography.Text>
            </Space>
            <Divider />
            <Space style={{ width: '100%', justifyContent: 'center' }}>
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
                编辑资料
              </Button>
              <Button icon={<LockOutlined />} onClick={() => setChangingPassword(true)}>
                修改密码
              </Button>
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={16} xl={17}>
          <Card variant="borderless" title="个人信息" style={{ height: '100%' }}>
            <Descriptions
              column={{ xs: 1, sm: 1, md: 2 }}
              bordered
              size="middle"
              styles={{ label: { width: 120 } }}
              items={[
                { key: 'userName', label: '用户名', children: text(profile.UserName) },
                { key: 'realName', label: '真实姓名', children: text(profile.RealName) },
                { key: 'mobile', label: '手机号', children: text(profile.Mobile) },
                { key: 'email', label: '邮箱', children: text(profile.Email) },
                { key: 'company', label: '所属单位', children: text(profile.CompanyName) },
                { key: 'department', label: '部门', children: text(profile.DepartmentName) },
                { key: 'userType', label: '用户类型', children: userType?.label ?? EMPTY },
                { key: 'role', label: '角色', children: text(profile.RoleName) },
                { key: 'createTime', label: '注册时间', children: dateTime(profile.CreateTime) },
                { key: 'lastLogin', label: '最近登录', children: dateTime(profile.LastLoginTime) },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <EditProfileDialog profile={profile} open={editing} onClose={() => setEditing(false)} onSaved={onSaved} />
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} onChanged={onPasswordChanged} />
    </>
  );
}
