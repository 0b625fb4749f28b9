// §5.2 large-screen variant: 两次输入密码不能一致!, request with wid 11 and fromplat minapp.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkNewPassword } from '../../../common/password-rules';
import { ChangePasswordDialog } from '../../../src/lib/account/ChangePasswordDialog';
import { renderFeature } from '../features/renderFeature';
import { ok, stubFetch } from '../features/fetchStub';

const PWD_URL = '/prod-api/api/Employee/PCModifyPwd';
afterEach(() => vi.unstubAllGlobals());

function setup() {
  const onChanged = vi.fn();
  renderFeature(<ChangePasswordDialog variant="screen" open onClose={() => undefined} onChanged={onChanged} />);
  return {
    user: userEvent.setup(),
    onChanged,
    oldPwd: screen.getByLabelText('原始密码'),
    userPwd: screen.getByLabelText('新密码'),
    repeat: screen.getByLabelText('确认新密码'),
  };
}

describe('large-screen change password', () => {
  it('uses the same rules with the large-screen wording', () => {
    expect(checkNewPassword('Old@123', 'Old@123', 'screen')).toBe('两次输入密码不能一致!');
    expect(checkNewPassword('Old@123', '12345', 'screen')).toBe('密码不能少于6位数!');
    expect(checkNewPassword('Old@123', '', 'screen')).toBe('请输入新密码');
  });

  it('says 两次输入密码不能一致! on blur when the new password equals the old one', async () => {
    stubFetch({});
    const { user, oldPwd, userPwd } = setup();
    await user.type(oldPwd, 'Old@123');
    await user.type(userPwd, 'Old@123');
    await user.tab();
    expect(await screen.findByText('两次输入密码不能一致!')).toBeTruthy();
    expect(screen.queryByText('新旧密码不能一样!')).toBeNull();
  });

  it('posts with wid 11 and fromplat minapp, then shows 修改成功', async () => {
    const { callsTo } = stubFetch({ [`POST ${PWD_URL}`]: () => ok(null) });
    const { user, oldPwd, userPwd, repeat, onChanged } = setup();
    await user.type(oldPwd, 'Old@123');
    await user.type(userPwd, 'New@1234');
    await user.type(repeat, 'New@1234');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('修改成功')).toBeTruthy();
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    const [call] = callsTo('POST', PWD_URL);
    expect(call.body).toMatchObject({ oldPwd: 'Old@123', userPwd: 'New@1234', wid: 11, fromplat: 'minapp' });
  });
});
