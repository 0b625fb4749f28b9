// §2.5 user dropdown of the large-screen header: 修改密码 (the large-screen variant of §5.2) and 退出登录.
// Issue 11 delivery: the screen shows only the button at first; the dropdown (antd Dropdown and Menu)
// loads with the first click and opens then, the 修改密码 dialog when first chosen; both stay mounted.
import { lazy, Suspense, useState } from 'react';
import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { logout } from '../../../lib/session/actions';
import { useSession } from '../../../lib/session/store';

const ScreenUserMenuDropdown = lazy(() => import('./ScreenUserMenuDropdown').then((m) => ({ default: m.ScreenUserMenuDropdown })));
const ChangePasswordDialog = lazy(() => import('../../../lib/account/ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })));

export function ScreenUserMenu() {
  const name = useSession((s) => s.userInfo?.UserName);
  const [menuUsed, setMenuUsed] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [passwordUsed, setPasswordUsed] = useState(false);

  const button = (onClick?: () => void) => (
    <button type="button" className="ls-user" aria-label={`${name ?? ''} 用户菜单`.trim()} aria-haspopup="menu" onClick={onClick}>
      <UserOutlined />
      <span className="ls-user-name">{name}</span>
      <DownOutlined className="ls-user-caret" />
    </button>
  );
  const openPassword = () => {
    setPasswordUsed(true);
    setPasswordOpen(true);
  };

  return (
    <>
      {menuUsed ? (
        <Suspense fallback={button()}>
          <ScreenUserMenuDropdown onChangePassword={openPassword}>{button()}</ScreenUserMenuDropdown>
        </Suspense>
      ) : (
        button(() => setMenuUsed(true))
      )}
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
