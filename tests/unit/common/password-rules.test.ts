import { describe, expect, it } from 'vitest';
import { checkNewPassword, checkPasswordForm } from '../../../common/password-rules';

describe('change-password rules of §5.2, in order', () => {
  it('asks for each field with the spec texts', () => {
    expect(checkPasswordForm({ oldPwd: '', userPwd: '', userPwdNew: '' })).toBe('请输入原始密码');
    expect(checkPasswordForm({ oldPwd: 'a', userPwd: '', userPwdNew: '' })).toBe('请输入新密码');
    expect(checkPasswordForm({ oldPwd: 'a', userPwd: '12345', userPwdNew: '' })).toBe('密码不能少于6位数!');
    expect(checkPasswordForm({ oldPwd: 'abcdef', userPwd: 'abcdef', userPwdNew: '' })).toBe('新旧密码不能一样!');
    expect(checkPasswordForm({ oldPwd: 'abcdef', userPwd: 'abcdeg', userPwdNew: '' })).toBe('请再次输入新密码');
    expect(checkPasswordForm({ oldPwd: 'abcdef', userPwd: 'abcdeg', userPwdNew: 'abcdeh' })).toBe('新密码不一致!');
    expect(checkPasswordForm({ oldPwd: 'abcdef', userPwd: 'abcdeg', userPwdNew: 'abcdeg' })).toBeNull();
  });
  it('uses the large-screen wording for the same-password rule there', () => {
    expect(checkNewPassword('abcdef', 'abcdef', 'screen')).toBe('两次输入密码不能一致!');
  });
  it('skips the repeat on the server', () => {
    expect(checkPasswordForm({ oldPwd: 'abcdef', userPwd: 'abcdeg' }, false)).toBeNull();
  });
});
