import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChangePasswordDialog } from '../../../src/features/account/ChangePasswordDialog';
import { renderFeature } from './renderFeature';
import { ok, refused, stubFetch } from './fetchStub';

const PWD_URL = '/prod-api/api/Employee/PCModifyPwd';

function setup() {
  const onClose = vi.fn();
  const onChanged = vi.fn();
  renderFeature(<ChangePasswordDialog open onClose={onClose} onChanged={onChanged} />);
  const user = userEvent.setup();
  return {
    user,
    onClose,
    onChanged,
    oldPwd: screen.getByLabelText('原始密码'),
    userPwd: screen.getByLabelText('新密码'),
    repeat: screen.getByLabelText('确认新密码'),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('ChangePasswordDialog (§5.2)', () => {
  it('is a dialog titled 修改密码 with 确定 and 取消', () => {
    stubFetch({});
    setup();
    expect(screen.getByRole('dialog')).toHaveProperty('textContent', expect.stringContaining('修改密码'));
    expect(screen.getByRole('button', { name: /确\s*定/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /取\s*消/ })).toBeTruthy();
  });

  it('requires the old password on blur', async () => {
    stubFetch({});
    const { user, oldPwd } = setup();
    await user.click(oldPwd);
    await user.tab();
    expect(await screen.findByText('请输入原始密码')).toBeTruthy();
  });

  it('checks the new password in order: required, at least 6, differs from the old one', async () => {
    stubFetch({});
    const { user, oldPwd, userPwd } = setup();
    await user.type(oldPwd, 'Old@123');
    await user.click(userPwd);
    await user.tab();
    expect(await screen.findByText('请输入新密码')).toBeTruthy();

    await user.type(userPwd, '12345');
    await user.tab();
    expect(await screen.findByText('密码不能少于6位数!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('请输入新密码')).toBeNull());

    await user.clear(userPwd);
    await user.type(userPwd, 'Old@123');
    await user.tab();
    expect(await screen.findByText('新旧密码不能一样!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('密码不能少于6位数!')).toBeNull());

    await user.clear(userPwd);
    await user.type(userPwd, 'New@1234');
    await user.tab();
    await waitFor(() => expect(screen.queryByText('新旧密码不能一样!')).toBeNull());
  });

  it('compares the repeat with the new password, not with itself', async () => {
    stubFetch({});
    const { user, userPwd, repeat } = setup();
    await user.type(userPwd, 'New@1234');
    await user.click(repeat);
    await user.tab();
    expect(await screen.findByText('请再次输入新密码')).toBeTruthy();

    await user.type(repeat, 'New@12345');
    await user.tab();
    expect(await screen.findByText('新密码不一致!')).toBeTruthy();

    await user.clear(repeat);
    await user.type(repeat, 'New@1234');
    await user.tab();
    await waitFor(() => expect(screen.queryByText('新密码不一致!')).toBeNull());
  });

  it('sends nothing until every rule passes', async () => {
    const { callsTo } = stubFetch({ [`POST ${PWD_URL}`]: () => ok(null) });
    const { user, oldPwd, userPwd, onChanged } = setup();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入原始密码')).toBeTruthy();
    expect(screen.getByText('请输入新密码')).toBeTruthy();
    expect(screen.getByText('请再次输入新密码')).toBeTruthy();

    await user.type(oldPwd, 'Old@123');
    await user.type(userPwd, 'abc');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('密码不能少于6位数!')).toBeTruthy();
    expect(callsTo('POST', PWD_URL)).toHaveLength(0);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('posts {oldPwd, userPwd}, shows 修改成功 and reports the change', async () => {
    const { callsTo } = stubFetch({ [`POST ${PWD_URL}`]: () => ok(null) });
    const { user, oldPwd, userPwd, repeat, onChanged } = setup();
    await user.type(oldPwd, 'Old@123');
    await user.type(userPwd, 'New@1234');
    await user.type(repeat, 'New@1234');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));

    expect(await screen.findByText('修改成功')).toBeTruthy();
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    const [call] = callsTo('POST', PWD_URL);
    expect(call.body).toMatchObject({ oldPwd: 'Old@123', userPwd: 'New@1234', fromplat: 'pc', wid: 11 });
    expect(call.body).not.toHaveProperty('userPwdNew');
  });

  it("shows the server's detail when the change is refused", async () => {
    stubFetch({ [`POST ${PWD_URL}`]: () => refused('原始密码错误') });
    const { user, oldPwd, userPwd, repeat, onChanged } = setup();
    await user.type(oldPwd, 'Wrong@1');
    await user.type(userPwd, 'New@1234');
    await user.type(repeat, 'New@1234');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));

    expect(await screen.findByText('原始密码错误')).toBeTruthy();
    expect(screen.queryByText('修改成功')).toBeNull();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('closes on 取消 without a request', async () => {
    const { calls } = stubFetch({});
    const { user, onClose } = setup();
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(onClose).toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });
});
