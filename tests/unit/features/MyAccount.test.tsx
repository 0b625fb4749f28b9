import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserProfile } from '../../../common/wire';
import { MyAccount } from '../../../src/features/account/MyAccount';
import { sessionStore } from '../../../src/lib/session/store';
import { renderFeature } from './renderFeature';
import { ok, refused, stubFetch } from './fetchStub';

const INFO = '/prod-api/api/ERPUser/GetUserInfo';
const MODIFY = '/prod-api/api/ERPUser/ModifyMyInfo';
const PWD = '/prod-api/api/Employee/PCModifyPwd';

const profile: UserProfile = {
  UserID: 'u1',
  UserName: 'qiye01',
  RealName: '张建国',
  Mobile: '13800138000',
  Email: 'zhang@example.com',
  CompanyName: '蜀南建设集团',
  DepartmentName: '工程管理部',
  UserAuthType: '0',
  RoleName: '企业管理员',
  CreateTime: '2024-01-02T08:00:00',
  LastLoginTime: null,
};

const open = () => renderFeature(<MyAccount />, { path: '/MyAccount/index' });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('MyAccount', () => {
  it('shows 加载中请稍后 and then the profile', async () => {
    stubFetch({ [`GET ${INFO}`]: () => ok(profile) });
    open();
    expect(screen.getByText('加载中请稍后')).toBeTruthy();
    expect((await screen.findAllByText('张建国')).length).toBeGreaterThan(0);
    for (const label of ['用户名', '真实姓名', '手机号', '邮箱', '所属单位', '部门', '用户类型', '角色', '注册时间', '最近登录']) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    expect(screen.getAllByText('企业用户').length).toBeGreaterThan(0);
    expect(screen.getByText('蜀南建设集团')).toBeTruthy();
    expect(screen.getByText('2024-01-02 08:00:00')).toBeTruthy();
  });

  it('checks 编辑资料 with the shared formats and posts only valid values', async () => {
    const { callsTo } = stubFetch({
      [`GET ${INFO}`]: () => ok(profile),
      [`POST ${MODIFY}`]: (c) => ok({ ...profile, RealName: c.body?.realName, Mobile: c.body?.mobile, Email: c.body?.email }),
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: /编辑资料/ }));
    const dialog = await screen.findByRole('dialog');
    const mobile = within(dialog).getByLabelText('手机号');
    await user.clear(mobile);
    await user.type(mobile, '1380013');
    await user.tab();
    expect(await within(dialog).findByText('请输入正确的手机号码')).toBeTruthy();

    const name = within(dialog).getByLabelText('真实姓名');
    await user.clear(name);
    await user.type(name, 'Tom');
    await user.tab();
    expect(await within(dialog).findByText('姓名须为2-16个汉字')).toBeTruthy();

    const email = within(dialog).getByLabelText('邮箱');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(await within(dialog).findByText('请输入正确的邮箱地址')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(callsTo('POST', MODIFY)).toHaveLength(0);

    await user.clear(name);
    await user.type(name, '李四');
    await user.clear(mobile);
    await user.type(mobile, '13912345678');
    await user.clear(email);
    await user.type(email, 'li@example.com');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));

    expect(await screen.findByText('修改成功')).toBeTruthy();
    expect(callsTo('POST', MODIFY)[0].body).toMatchObject({ realName: '李四', mobile: '13912345678', email: 'li@example.com' });
    expect(await screen.findByText('13912345678', { selector: 'td, td *' })).toBeTruthy();
  });

  it("shows the server's detail when the profile change is refused", async () => {
    stubFetch({ [`GET ${INFO}`]: () => ok(profile), [`POST ${MODIFY}`]: () => refused('手机号已被其他账号使用') });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: /编辑资料/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('手机号已被其他账号使用')).toBeTruthy();
  });

  it('after 修改密码 succeeds, clears the session and asks for /login with redirect /MyAccount/index', async () => {
    stubFetch({ [`GET ${INFO}`]: () => ok(profile), [`POST ${PWD}`]: () => ok(null) });
    localStorage.setItem('userInfo', JSON.stringify({ UserID: 'u1' }));
    localStorage.setItem('COMPANY_name', '蜀南建设集团');
    sessionStore.reload();
    expect(sessionStore.get().userInfo).not.toBeNull();
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: /修改密码/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('原始密码'), 'Demo@1234');
    await user.type(within(dialog).getByLabelText('新密码'), 'Demo@5678');
    await user.type(within(dialog).getByLabelText('确认新密码'), 'Demo@5678');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));

    expect(await screen.findByText('修改成功')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('userInfo')).toBeNull());
    expect(sessionStore.get().userInfo).toBeNull();
    const to = sessionStore.get().nav?.to ?? '';
    expect(to.startsWith('/login?')).toBe(true);
    expect(new URLSearchParams(to.split('?')[1]).get('redirect')).toBe('/MyAccount/index');
    expect(localStorage.getItem('COMPANY_name')).toBeNull();
  });
});
