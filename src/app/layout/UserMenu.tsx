// §2.6 user dropdown: 修改密码, 个人信息, 进入监视 / 退出监视, 退出登录 (hidden while monitoring).
import { lazy, Suspense, useState } from 'react';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import EyeInvisibleOutlined from '@ant-design/icons/es/icons/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import IdcardOutlined from '@ant-design/icons/es/icons/IdcardOutlined';
import KeyOutlined from '@ant-design/icons/es/icons/KeyOutlined';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { useNavigate } from 'react-router-dom';
import type { LoginResult } from '../../../common/wire';
import { failureText, shownByClient } from '../../lib/http/errors';
import { enterMonitor, exitMonitor, logout, watchCompaniesOf } from '../../lib/session/actions';
import { useSession } from '../../lib/session/store';
import { useMessage } from '../../lib/ui/message';

// The two dialogs load when first opened, not with the header (issue 11 delivery), and stay mounted after.
const ChangePasswordDialog = lazy(() => import('../../features/account/ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })));
const MonitorDialog = lazy(() => import('./MonitorDialog').then((m) => ({ default: m.MonitorDialog })));

export const PROFILE_PATH = '/MyAccount/index';

export type UserMenuKey = 'password' | 'profile' | 'monitor' | 'exitMonitor' | 'logout';

/** Which entries the dropdown holds for this user (§2.6). */
export function userMenuKeys(info: LoginResult | null): UserMenuKey[] {
  const monitoring = !!info?.monitorShow;
  const keys: UserMenuKey[] = ['password', 'profile'];
  if (!monitoring && watchCompaniesOf(info).length > 0) keys.push('monitor');
  if (monitoring) keys.push('exitMonitor');
  else keys.push('logout');
  return keys;
}

const LABELS: Record<UserMenuKey, { label: string; icon: React.ReactNode }> = {
  password: { label: '修改密码', icon: <KeyOutlined /> },
  profile: { label: '个人信息', icon: <IdcardOutlined /> },
  monitor: { label: '进入监视', icon: <EyeOutlined /> },
  exitMonitor: { label: '退出监视', icon: <EyeInvisibleOutlined /> },
  logout: { label: '退出登录', icon: <LogoutOutlined /> },
};

export function UserMenu() {
  const info = useSession((s) => s.userInfo);
  const navigate = useNavigate();
  const message = useMessage();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [monitorOpen, setMonitorOpen] = useState(false);
  const [passwordUsed, setPasswordUsed] = useState(false);
  const [monitorUsed, setMonitorUsed] = useState(false);

  const run = async (action: () => Promise<void>, fallback: string) => {
    try {
      await action();
    } catch (e) {
      if (!shownByClient(e)) void message.error(failureText(e, fallback));
    }
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    switch (key as UserMenuKey) {
      case 'password':
        setPasswordUsed(true);
        setPasswordOpen(true);
        break;
      case 'profile':
        navigate(PROFILE_PATH);
        break;
      case 'monitor':
        setMonitorUsed(true);
        setMonitorOpen(true);
        break;
      case 'exitMonitor':
        void run(exitMonitor, '退出监视失败');
        break;
      case 'logout':
        void logout();
        break;
    }
  };

  const keys = userMenuKeys(info);
  const items: MenuProps['items'] = keys.flatMap((k) => [
    ...(k === 'logout' || k === 'exitMonitor' ? [{ type: 'divider' as const }] : []),
    { key: k, label: LABELS[k].label, icon: LABELS[k].icon, danger: k === 'logout' },
  ]);

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <button type="button" className="header-user" aria-label={`${info?.UserName ?? ''} 用户菜单`.trim()}>
          <Avatar size={28} icon={<UserOutlined />} style={{ backgroundColor: '#1664e0' }} />
          <span className="header-user-name">{info?.UserName}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </button>
      </Dropdown>
      <Suspense fallback={null}>
        {passwordUsed && (
          <ChangePasswordDialog
            open={passwordOpen}
            onClose={() => setPasswordOpen(false)}
            onChanged={() => {
              setPasswordOpen(false);
              // §4: success (修改成功, shown by the dialog) logs out to /login with a redirect. The server has
              // already revoked every token of the user, so no logout call is made.
              void logout({ callServer: false });
            }}
          />
        )}
        {monitorUsed && (
          <MonitorDialog
            open={monitorOpen}
            companies={watchCompaniesOf(info)}
            onCancel={() => setMonitorOpen(false)}
            onConfirm={(c) =>
              run(async () => {
                await enterMonitor(c);
                setMonitorOpen(false);
              }, '进入监视失败')
            }
          />
        )}
      </Suspense>
    </>
  );
}
