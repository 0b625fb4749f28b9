// 监督管理 (docs/supervision.md): a government supervisor (user kind 1, AuthAreaCode) plans and inspects the
// projects of its area and issues 整改通知 / 停工通知 to them; the project (its project or enterprise users)
// replies with the rectification and photos; the supervisor verifies and closes the notice or sends it back.
// The buttons come from the roles (§6); what a kind of user may do is checked here, whatever its role
// holds, so an enterprise administrator holding every button still cannot issue or verify a notice.
import { sql } from 'kysely';
import { areaPrefix } from '../platform/projects';
import { FieldRefusal, Refusal } from '../engine/errors';
import type { TransitionHook } from '../engine/hook-types';
import type { EntityHooks, HookContext } from '../engine/hook-types';

export const SUPERVISION_MESSAGES = {
  governmentOnly: '只有政府监管用户可以维护监督计划和监督检查',
  issueOnly: '只有政府监管用户可以下发监督通知',
  fixed: '监督通知下发后不能修改，如需更正请删除后重新下发',
  deleteOnly: '只有政府监管用户可以删除监督通知',
  replyOnly: '监督通知由项目回复，监管部门不能代替项目回复',
  verifyOnly: '只有政府监管用户可以验证整改',
  deadline: '整改期限不能早于今天',
  area: '监督区域须在本单位的监管区域内',
} as const;

export const isGovernment = (ctx: HookContext): boolean => ctx.session.user.user_auth_type === '1';
export const whoIs = (ctx: HookContext): string => ctx.session.user.real_name || ctx.session.user.user_name;

/** Today in China Standard Time, as YYYY-MM-DD (dates are CST, docs/metadata.md "Times"). */
const todayCst = (): string => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** 监督计划, 监督检查 and its 检查项: written by government users only, read by whoever the scope lets. */
export const supervisionHooks: EntityHooks = {
  async checkChange(change, ctx) {
    const notice = ctx.model.entity.name === 'SupervisionNotice';
    if (!notice) {
      if (!isGovernment(ctx)) throw new Refusal(SUPERVISION_MESSAGES.governmentOnly);
      // A plan covers (part of) the supervisor's own area: 511000 plans 5110xx, never 自贡's 5103xx.
      const area = change.values.areaCode;
      const prefix = areaPrefix(ctx.session.user.auth_area_code);
      if (typeof area === 'string' && (!prefix || !area.startsWith(prefix))) throw new FieldRefusal(SUPERVISION_MESSAGES.area, 'areaCode');
      return;
    }
    switch (change.action) {
      case 'create':
        if (!isGovernment(ctx)) throw new Refusal(SUPERVISION_MESSAGES.issueOnly);
        if (typeof change.values.deadline === 'string' && change.values.deadline < todayCst()) throw new Refusal(SUPERVISION_MESSAGES.deadline);
        return;
      case 'delete':
        if (!isGovernment(ctx)) throw new Refusal(SUPERVISION_MESSAGES.deleteOnly);
        return;
      case 'transition':
        if (change.transition === 'reply' && isGovernment(ctx)) throw new Refusal(SUPERVISION_MESSAGES.replyOnly);
        if (change.transition !== 'reply' && !isGovernment(ctx)) throw new Refusal(SUPERVISION_MESSAGES.verifyOnly);
        return;
      default:
        throw new Refusal(SUPERVISION_MESSAGES.fixed);
    }
  },
  async beforeWrite(row, ctx, action) {
    if (ctx.model.entity.name !== 'SupervisionNotice' || action !== 'create') return row;
    return { ...row, issuedBy: whoIs(ctx), issuedAt: new Date() };
  },
};

/** 回复: stamps who replied and when, in the move's transaction. */
export const noticeReplyHook: TransitionHook = async (change, ctx) => {
  await sql`update supervision_notice set replied_by = ${whoIs(ctx)}, replied_at = now() where id = ${change.id}`.execute(ctx.db);
};

/** 验证关闭 / 退回整改: stamps the verifier and the time. */
export const noticeVerifyHook: TransitionHook = async (change, ctx) => {
  await sql`update supervision_notice set verified_by = ${whoIs(ctx)}, verified_at = now() where id = ${change.id}`.execute(ctx.db);
};
