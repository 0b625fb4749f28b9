// §7.2 self-registration and password change (PCModifyPwd, and ERPUser/ModifyPwd with the dialog's repeat
// field, §3.4 userPwdNew); SendMessage: a message to the members of the current company (docs/api.md).
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../../common/envelope';
import { buttonId } from '../../common/menu-tree';
import { PASSWORD_MESSAGES } from '../../common/password-rules';
import type { ModifyPasswordRequest, RegisterRequest } from '../../common/wire';
import type { AppContext } from '../app-context';
import { changePassword } from '../auth/change-password';
import { sessionOf } from '../auth/session-context';
import { companyById } from '../platform/companies';
import { recordChange } from '../engine/audit-trail';
import { register } from '../platform/registration';
import { body, text } from '../http/schemas';
import { SERVER_MESSAGES } from '../messages';
import { PATHS } from '../http/paths';

const registerBody = body(
  {
    userName: text(20, 1),
    password: text(128, 1),
    realName: text(16, 1),
    // +86 138 1234 5678 and the like: stored as the 11 digits (common/validators.ts normaliseMobile).
    mobile: text(20, 1),
    companyName: text(100, 1),
  },
  ['userName', 'password', 'realName', 'mobile', 'companyName'],
);

// Empty strings pass the schema so the §5.2 texts (请输入原始密码 …) reach the user, not a 400.
const passwordBody = body({ oldPwd: text(128), userPwd: text(128) }, ['oldPwd', 'userPwd']);
const erpPasswordBody = body({ oldPwd: text(128), userPwd: text(128), userPwdNew: text(128) }, ['oldPwd', 'userPwd']);
// Lengths are checked in the handler (Chinese texts); the schema only bounds what is read.
const messageBody = body({ title: text(400), content: text(8000) }, ['title', 'content']);

/** Sending a message publishes a notice: the 系统公告 page's add button (schemas/menus.json, §6). */
const SEND_PERMISSION = buttonId('userManage.notice', 'add');
const MESSAGE_SUBJECT = { name: 'SysNotice', title: '系统公告', fields: [{ name: 'title', title: '公告标题' }, { name: 'content', title: '公告内容' }] };

function checkMessage(title: string, content: string): string | null {
  if (!title) return SERVER_MESSAGES.messageTitleRequired;
  if ([...title].length > 100) return SERVER_MESSAGES.messageTitleTooLong;
  if (!content) return SERVER_MESSAGES.messageContentRequired;
  if ([...content].length > 2000) return SERVER_MESSAGES.messageContentTooLong;
  return null;
}

export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.post<{ Body: RegisterRequest }>(PATHS.register, { schema: { body: registerBody }, config: { public: true } }, async (request) => {
    const outcome = await register(ctx.db, request.body);
    return outcome.ok ? ok({ UserID: String(outcome.userId) }, SERVER_MESSAGES.registered) : fail(outcome.detail);
  });

  app.post<{ Body: ModifyPasswordRequest }>(PATHS.modifyPassword, { schema: { body: passwordBody }, config: { monitoringWritable: true } }, async (request) => {
    const outcome = await changePassword(ctx.db, sessionOf(request), request.body);
    return outcome.ok ? ok(undefined, PASSWORD_MESSAGES.success) : fail(outcome.detail);
  });

  app.post<{ Body: ModifyPasswordRequest & { userPwdNew?: string } }>(PATHS.erpModifyPassword, { schema: { body: erpPasswordBody }, config: { monitoringWritable: true } }, async (request) => {
    const { oldPwd, userPwd, userPwdNew } = request.body;
    // The dialog's repeat field, when sent, must match (§5.2 新密码不一致!); the other rules as PCModifyPwd.
    if (oldPwd && userPwd && userPwdNew !== undefined && userPwdNew !== userPwd) return fail(userPwdNew ? PASSWORD_MESSAGES.mismatch : PASSWORD_MESSAGES.repeatRequired);
    const outcome = await changePassword(ctx.db, sessionOf(request), { oldPwd, userPwd });
    return outcome.ok ? ok(undefined, PASSWORD_MESSAGES.success) : fail(outcome.detail);
  });

  app.post<{ Body: { title: string; content: string } }>(PATHS.sendMessage, { schema: { body: messageBody }, config: { permission: SEND_PERMISSION } }, async (request) => {
    const session = sessionOf(request);
    const title = request.body.title.trim();
    const content = request.body.content.trim();
    const broken = checkMessage(title, content);
    if (broken) return fail(broken);
    const company = await companyById(ctx.db, session.companyId);
    const id = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('system_notices')
        .values({ title, content, publisher: company?.name ?? '', company_id: session.companyId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordChange(trx, { session, entity: MESSAGE_SUBJECT, recordId: row.id, action: 'create', before: null, after: { title, content } });
      return row.id;
    });
    return ok({ id: String(id) }, SERVER_MESSAGES.messageSent);
  });
}
