import { describe, expect, it } from 'vitest';
import { checkNewPassword, checkPasswordForm } from '../../../common/password-rules';

describe('change-password rules of §5.2, in order', () => {
  it('asks for each field with the spec texts', () => {
    expect(checkPasswordForm({ oldPwd: '', userPwd: '', userPwdNew: '' })).toBe('请输入原始密码');
    expect(checkPasswordForm({ oldPwd: 'a', userPwd: '', userPwdNew: '' })).toBe('请输入新密码');
    expect(checkPasswordForm({ oldPwd: 'a', userPwd: '12345', userPwdNew: '' })).toBe('密码不能少于6位数!');
    expect(checkPasswordForm({ oldPwd: 'abcdef', userPwd: 'abcdef', userPwdNew: '' })).toBe('新旧密码不能一样!');
    expect(checkPasswordForm({ oldPwd: 'abcdef', userPwd: 'Abc@1g', userPwdNew: '' })).toBe('请再次输入新密码');
    expect(checkPasswordForm({ oldPwd: 'abcdef', userPwd: 'Abc@1g', userPwdNew: 'Abc@1h' })).toBe('新密码不一致!');
    expect(checkPasswordForm({ oldPwd: 'abcdef', userPwd: 'Abc@1g', userPwdNew: 'Abc@1g' })).toBeNull();
  });
  it('asks for §5.5 strong passwords: a digit, upper and lower case and a special character', () => {
    for (const weak of ['abcdefg', 'Abcdefg', 'Abcdef1', 'abc@123', 'ABC@123']) {
      expect(checkNewPassword('Old@1234', weak)).toBe('密码至少6位，须包含数字、大小写字母和特殊字符');
      expect(checkNewPassword('Old@1234', weak, 'screen')).toBe('密码至少6位，须包含数字、大小写字母和特殊字符');
    }
    expect(checkNewPassword('Old@1234', 'Abc@12')).toBeNull();
  });
  it('uses the large-screen wording for the same-password rule there', () => {
    expect(checkNewPassword('abcdef', 'abcdef', 'screen')).toBe('两次输入密码不能一致!');
  });
  it('skips the repeat on the server', () => {
    expect(checkPasswordForm({ oldPwd: 'abcdef', userPwd: 'Abc@1g' }, false)).toBeNull();
  });
});
