// 忘记密码 (issue 29; docs/security-auth.md "Forgotten passwords"): the 用户管理 page's pending requests (the
// login page's request is src/features/auth/ForgotPasswordDialog.tsx); the reset is ERPUser/editUser with a new password.
import type { Envelope } from '../../../common/envelope';
import { http } from '../../lib/http/client';

export type PendingReset = { id: string; userId: string; userName: string; realName: string; contact: string; reason: string; requestedAt: string };

export const getPendingResets = (): Promise<Envelope<PendingReset[]>> => http.get('/api/PasswordReset/PendingList');
export const resetPassword = (userId: string, password: string): Promise<Envelope<unknown>> => http.post('/api/ERPUser/editUser', { rec_id: userId, password });
