// 检查整改通知 (docs/quality-safety-checks.md): the checking side (a government or enterprise user) sends the
// failing items of a 质量安全检查 to the project; the project's users reply with the rectification and photos;
// the checking side verifies (closes, and the linked 隐患 are closed with it) or sends it back. Who may do a
// move is checked here whatever the role's buttons hold.
import { sql } from 'kysely';
import { Refusal } from '../engine/errors';
import { todayCst } from './devices/shared';
import { CHECK_TABLES, FAILED, isProjectUser, whoIs } from './site-check';
import type { TransitionHook } from '../engine/hook-types';
import type { EntityHooks, HookContext } from '../engine/hook-types';

export const CHECK_NOTICE_MESSAGES = {
  issueOnly: '整改通知由检查单位下发，项目用户不能下发',
  noFailed: '所选检查没有不合格项，无需下发整改通知',
  open: '所选检查已有未关闭的整改通知',
  deadline: '整改期限不能早于今天',
  fixed: '整改通知下发后不能修改，如需更正请删除后重新下发',
  deleteOnly: '项目用户不能删除整改通知',
  replyOnly: '整改通知由项目回复，检查单位不能代替项目回复',
  verifyOnly: '只有检查单位可以验证整改',
} as const;

/** hazardStatus: 整改中, 待复查, 已销项. checkNoticeStatus: 已验证关闭. */
const HAZARD = { rectifying: '2', review: '3', closed: '4' } as const;
const CLOSED_NOTICE = '3';

type FailedItem = { item_name: string; standard: string | null; problem: string | null };

/** The failing items of a check of the given project, in order; null when no such check. */
async function failedItems(ctx: HookContext, checkId: unknown, projectId: unknown): Promise<FailedItem[] | null> {
  const id = String(checkId ?? '');
  const project = String(projectId ?? '');
  if (!/^[1-9]\d{0,17}$/.test(id) || !/^[1-9]\d{0,17}$/.test(project)) return null;
  const check = await sql`select 1 from ${sql.table(CHECK_TABLES.check)} where id = ${id} and project_id = ${project} and if_del = 0`.execute(ctx.db);
  if (check.rows.length === 0) return null;
  const items = await sql<FailedItem>`select item_name, standard, problem from ${sql.table(CHECK_TABLES.item)}
    where check_id = ${id} and if_del = 0 and result = ${FAILED} order by seq, id`.execute(ctx.db);
  return items.rows;
}

const problemsOf = (items: readonly FailedItem[]): string =>
  items.map((i, n) => `${n + 1}. ${i.item_name}${i.problem ? `：${i.problem}` : ''}${i.standard ? `（标准：${i.standard}）` : ''}`).join('\n').slice(0, 2000);

export const checkNoticeHooks: EntityHooks = {
  async checkChange(change, ctx) {
    switch (change.action) {
      case 'create': {
        if (isProjectUser(ctx)) throw new Refusal(CHECK_NOTICE_MESSAGES.issueOnly);
        if (typeof change.values.deadline === 'string' && change.values.deadline < todayCst()) throw new Refusal(CHECK_NOTICE_MESSAGES.deadline);
        // A check of another project or out of scope is refused by the engine's reference check.
        const items = await failedItems(ctx, change.values.checkId, change.values.projectId);
        if (items === null) return;
        if (items.length === 0) throw new Refusal(CHECK_NOTICE_MESSAGES.noFailed);
        const open = await sql`select 1 from ${sql.table(CHECK_TABLES.notice)} where check_id = ${String(change.values.checkId)} and if_del = 0 and status <> ${CLOSED_NOTICE} limit 1`.execute(ctx.db);
        if (open.rows.length > 0) throw new Refusal(CHECK_NOTICE_MESSAGES.open);
        return;
      }
      case 'delete':
        if (isProjectUser(ctx)) throw new Refusal(CHECK_NOTICE_MESSAGES.deleteOnly);
        return;
      case 'transition':
        if (change.transition === 'reply' && !isProjectUser(ctx)) throw new Refusal(CHECK_NOTICE_MESSAGES.replyOnly);
        if (change.transition !== 'reply' && isProjectUser(ctx)) throw new Refusal(CHECK_NOTICE_MESSAGES.verifyOnly);
        return;
      default:
        throw new Refusal(CHECK_NOTICE_MESSAGES.fixed);
    }
  },
  async beforeWrite(row, ctx, action) {
    if (action !== 'create') return row;
    const items = (await failedItems(ctx, row.checkId, row.projectId)) ?? [];
    const category = await sql<{ category: string }>`select category from ${sql.table(CHECK_TABLES.check)} where id = ${String(row.checkId)}`.execute(ctx.db);
    return { ...row, problems: problemsOf(items), category: category.rows[0]?.category ?? null, issuedBy: whoIs(ctx), issuedAt: new Date() };
  },
};

/** The hazards linked to the failing items of the notice's check move to `status` (closing stamps 销项时间). */
async function moveHazards(ctx: HookContext, noticeId: string, status: string): Promise<void> {
  await sql`update ${sql.table(CHECK_TABLES.hazard)} h set status = ${status}, closed_at = ${status === HAZARD.closed ? sql`now()` : sql`null`}, updated_at = now(), version = h.version + 1
    from ${sql.table(CHECK_TABLES.item)} i join ${sql.table(CHECK_TABLES.notice)} n on n.check_id = i.check_id
    where n.id = ${noticeId} and i.if_del = 0 and i.result = ${FAILED} and h.id::text = i.hazard_id and h.if_del = 0 and h.status <> ${HAZARD.closed}`.execute(ctx.db);
}

/** 回复: stamps who replied and when; the linked hazards wait for review (待复查). */
export const checkNoticeReplyHook: TransitionHook = async (change, ctx) => {
  await sql`update ${sql.table(CHECK_TABLES.notice)} set replied_by = ${whoIs(ctx)}, replied_at = now() where id = ${change.id}`.execute(ctx.db);
  await moveHazards(ctx, change.id, HAZARD.review);
};

/** 验证通过 closes the linked hazards (已销项); 退回整改 puts them back to 整改中. Stamps the verifier. */
export const checkNoticeVerifyHook: TransitionHook = async (change, ctx) => {
  await sql`update ${sql.table(CHECK_TABLES.notice)} set verified_by = ${whoIs(ctx)}, verified_at = now() where id = ${change.id}`.execute(ctx.db);
  await moveHazards(ctx, change.id, change.transition.name === 'verify' ? HAZARD.closed : HAZARD.rectifying);
};
