// Change-password rules of §5.2 and §5.5's strong password, checked in the dialog on blur and again on
// the server (both variants: back office and large screen).
import { MIN_PASSWORD_LENGTH } from './constants';
import { FORMATS, isStrongPassword } from './validators';

export const PASSWORD_MESSAGES = {
  oldRequired: '请输入原始密码',
  newRequired: '请输入新密码',
  tooShort: '密码不能少于6位数!',
  /** §5.5 strong password (the same text as the registration form's). */
  weak: FORMATS.strongPassword.message,
  sameAsOld: '新旧密码不能一样!',
  sameAsOldScreen: '两次输入密码不能一致!',
  repeatRequired: '请再次输入新密码',
  mismatch: '新密码不一致!',
  success: '修改成功',
  wrongOld: '原始密码错误',
} as const;

export type PasswordForm = { oldPwd: string; userPwd: string; userPwdNew?: string };

/** The first broken rule for the new password, or null. `variant` picks the large-screen wording. */
export function checkNewPassword(oldPwd: string, userPwd: string, variant: 'backend' | 'screen' = 'backend'): string | null {
  if (!userPwd) return PASSWORD_MESSAGES.newRequired;
  if (userPwd.length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (userPwd === oldPwd) return variant === 'screen' ? PASSWORD_MESSAGES.sameAsOldScreen : PASSWORD_MESSAGES.sameAsOld;
  if (!isStrongPassword(userPwd)) return PASSWORD_MESSAGES.weak;
  return null;
}

/** All rules in order (old, new, repeat); the server checks the same without the repeat field. */
export function checkPasswordForm(form: PasswordForm, withRepeat = true): string | null {
  if (!form.oldPwd) return PASSWORD_MESSAGES.oldRequired;
  const bad = checkNewPassword(form.oldPwd, form.userPwd);
  if (bad) return bad;
  if (withRepeat) {
    if (!form.userPwdNew) return PASSWORD_MESSAGES.repeatRequired;
    if (form.userPwdNew !== form.userPwd) return PASSWORD_MESSAGES.mismatch;
  }
  return null;
}
