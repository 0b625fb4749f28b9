// The dropdown of the large-screen user menu (§2.5): 修改密码 and 退出登录. Loaded by the first click on
// the menu button (ScreenUserMenu), so it mounts open; later clicks open and close it as usual.
import { useState, type ReactElement } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import KeyOutlined from '@ant-design/icons/es/icons/KeyOutlined';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import { logout } from '../../../lib/session/actions';

export type ScreenUserMenuDropdownProps = { children: ReactElement; onChangePassword(): void };

export function ScreenUserMenuDropdown({ children, onChangePassword }: ScreenUserMenuDropdownProps) {
  const [open, setOpen] = useState(true);
  const items: MenuProps['items'] = [
    { key: 'password', label: '修改密码', icon: <KeyOutlined /> },
    { type: 'divider' },
    { key: 'logout', label: '退出登录', icon: <LogoutOutlined />, danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    setOpen(false);
    if (key === 'password') onChangePassword();
    if (key === 'logout') void logout();
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight" open={open} onOpenChange={setOpen}>
      {children}
    </Dropdown>
  );
}
