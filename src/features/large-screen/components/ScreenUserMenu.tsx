// §2.5 user dropdown of the large-screen header: 修改密码 (the large-screen variant of §5.2) and 退出登录.
import { lazy, Suspense, useState } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import KeyOutlined from '@ant-design/icons/es/icons/KeyOutlined';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { logout } from '../../../lib/session/actions';
import { useSession } from '../../../lib/session/store';

// Loaded when first opened, not with every screen (issue 11 delivery), and kept mounted after.
const ChangePasswordDialog = lazy(() => import('../../../lib/account/ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })));

export function ScreenUserMenu() {
  const name = useSession((s) => s.userInfo?.UserName);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [passwordUsed, setPasswordUsed] = useState(false);

  const items: MenuProps['items'] = [
    { key: 'password', label: '修改密码', icon: <KeyOutlined /> },
    { type: 'divider' },
    { key: 'logout', label: '退出登录', icon: <LogoutOutlined />, danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'password') {
      setPasswordUsed(true);
      setPasswordOpen(true);
    }
    if (key === 'logout') void logout();
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <button type="button" className="ls-user" aria-label="用户菜单">
          <UserOutlined />
          <span className="ls-user-name">{name}</span>
          <DownOutlined className="ls-user-caret" />
        </button>
      </Dropdown>
      {passwordUsed && (
        <Suspense fallback={null}>
          <ChangePasswordDialog
            variant="screen"
            open={passwordOpen}
            onClose={() => setPasswordOpen(false)}
            onChanged={() => {
              setPasswordOpen(false);
              // §4: 修改成功 (shown by the dialog), then log out to /login with a redirect; the server has
              // already revoked every token of the user.
              void logout({ callServer: false });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
