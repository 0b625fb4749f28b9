// 质量安全检查 (docs/quality-safety-checks.md): a 质量检查 or 安全检查 of a project with its 检查项. The check
// answers its result (合格 / 不合格), the count of failing items and the state of its 整改通知 (one query per
// batch); a failing item of a 安全检查 that names no 隐患 opens one in the write's transaction. A check whose
// failing items were sent to the project (检查整改通知) is no longer changed.
import { sql } from 'kysely';
import { recordChange } from '../engine/audit-trail';
import { Refusal } from '../engine/errors';
import type { EntityHooks, HookContext, HookRow } from '../engine/hook-types';
import { sortKeyColumn, textKey } from '../engine/sort-keys';

export const SITE_CHECK_MESSAGES = {
  projectKinds: '项目用户只能登记日常检查和项目部检查',
  noticed: '该检查已下发整改通知，不能修改或删除',
} as const;

/** Table names of the check entities (schemas/entities). */
export const CHECK_TABLES = { check: 'site_check', item: 'site_check_item', notice: 'check_notice', hazard: 'hazard' } as const;
/** checkItemResult: 不合格. siteCheckCategory: 安全检查. */
export const FAILED = '2';
export const SAFETY = '2';
/** checkKind values a project user records itself: 日常检查, 项目部检查. */
const PROJECT_KINDS = new Set(['1', '4']);
/** Days a hazard opened by a failing item has to be rectified. */
const HAZARD_DAYS = 7;

export const isProjectUser = (ctx: HookContext): boolean => ctx.session.user.user_auth_type === '2';
export const whoIs = (ctx: HookContext): string => ctx.session.user.real_name || ctx.session.user.user_name;
const idText = (v: unknown): string | null => (/^[1-9]\d{0,17}$/.test(String(v ?? '')) ? String(v) : null);

/** Whether a check has a 检查整改通知 (any state). */
async function hasNotice(ctx: HookContext, checkId: unknown): Promise<boolean> {
  const id = idText(checkId);
  if (!id) return false;
  const rows = await sql`select 1 from ${sql.table(CHECK_TABLES.notice)} where check_id = ${id} and if_del = 0 limit 1`.execute(ctx.db);
  return rows.rows.length > 0;
}

/** Result, failing-item count and newest notice state of a batch of checks. */
async function withResults(rows: HookRow[], ctx: HookContext): Promise<HookRow[]> {
  const ids = rows.map((r) => idText(r.id)).filter((id): id is string => id !== null);
  if (ids.length === 0) return rows;
  const found = await sql<{ id: string; failed: number; items: number; notice: string | null }>`
    select c.id::text as id,
      (select count(*)::int from ${sql.table(CHECK_TABLES.item)} i where i.check_id = c.id::text and i.if_del = 0 and i.result = ${FAILED}) as failed,
      (select count(*)::int from ${sql.table(CHECK_TABLES.item)} i where i.check_id = c.id::text and i.if_del = 0) as items,
      (select n.status from ${sql.table(CHECK_TABLES.notice)} n where n.check_id = c.id::text and n.if_del = 0 order by n.id desc limit 1) as notice
    from ${sql.table(CHECK_TABLES.check)} c where c.id in (${sql.join(ids)})`.execute(ctx.db);
  const byId = new Map(found.rows.map((r) => [r.id, r]));
  return rows.map((r) => {
    const f = byId.get(String(r.id));
    if (!f) return r;
    return { ...r, failedCount: f.failed, result: f.items === 0 ? null : f.failed > 0 ? FAILED : '1', noticeStatus: f.notice };
  });
}

/** A failing 安全检查 item without a hazard opens one (待整改) and is linked to it. Reads the stored item: an update sends only some fields. */
async function openHazard(itemId: unknown, ctx: HookContext): Promise<void> {
  const id = idText(itemId);
  if (!id) return;
  const found = await sql<{ item_name: string; problem: string | null; hazard_type: string | null; photos: string | null; category: string; check_kind: string; check_date: string; inspector: string; location: string; project_id: string; project_no: string }>`
    select i.item_name, i.problem, i.hazard_type, i.photos, c.category, c.check_kind, c.check_date::text as check_date, c.inspector, c.location, c.project_id::text as project_id, p.project_no
    from ${sql.table(CHECK_TABLES.item)} i join ${sql.table(CHECK_TABLES.check)} c on c.id::text = i.check_id join projects p on p.id = c.project_id
    where i.id = ${id} and i.result = ${FAILED} and i.hazard_id is null and c.category = ${SAFETY}`.execute(ctx.db);
  const item = found.rows[0];
  if (!item) return;
  const count = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(CHECK_TABLES.hazard)} where project_id = ${item.project_id}`.execute(ctx.db);
  const hazardNo = `YH-${item.project_no.replace(/-/g, '')}-${String((count.rows[0]?.n ?? 0) + 1).padStart(3, '0')}`;
  const description = `${item.item_name}${item.problem ? `：${item.problem}` : ''}`.slice(0, 500);
  const hazardType = item.hazard_type || '1';
  const inserted = await sql<{ id: string; rectify_deadline: string }>`
    insert into ${sql.table(CHECK_TABLES.hazard)} (company_id, created_by, project_id, hazard_no, ${sql.id(sortKeyColumn({ column: 'hazard_no' }))}, hazard_type, level, check_kind, description, location, found_at, finder, rectify_deadline, status, photo)
    values (${ctx.session.companyId}, ${ctx.session.user.id}, ${item.project_id}, ${hazardNo}, ${textKey(hazardNo)}, ${hazardType}, '1', ${item.check_kind}, ${description},
      ${item.location.slice(0, 100)}, now(), ${item.inspector.slice(0, 20)}, ${item.check_date}::date + ${HAZARD_DAYS}::int, '1', ${item.photos})
    returning id::text, rectify_deadline::text`.execute(ctx.db);
  const hazard = inserted.rows[0];
  await sql`update ${sql.table(CHECK_TABLES.item)} set hazard_id = ${hazard.id} where id = ${id}`.execute(ctx.db);
  await recordChange(ctx.db, {
    session: ctx.session,
    entity: {
      name: 'Hazard',
      title: '安全隐患',
      fields: [
        { name: 'hazardNo', title: '隐患编号' }, { name: 'projectId', title: '所属项目', type: 'project' }, { name: 'hazardType', title: '隐患类型' },
        { name: 'description', title: '隐患描述' }, { name: 'rectifyDeadline', title: '整改期限' }, { name: 'status', title: '整改状态' },
      ],
    },
    recordId: hazard.id,
    action: 'create',
    before: null,
    after: { hazardNo, projectId: item.project_id, hazardType, description, rectifyDeadline: hazard.rectify_deadline, status: '待整改' },
  });
}

/** SiteCheck and SiteCheckItem. */
export const siteCheckHooks: EntityHooks = {
  async checkChange(change, ctx) {
    const isCheck = ctx.model.entity.name === 'SiteCheck';
    if (change.action === 'create' && !isCheck) {
      if (await hasNotice(ctx, change.values.checkId)) throw new Refusal(SITE_CHECK_MESSAGES.noticed);
      return;
    }
    if (change.action !== 'create' && (await hasNotice(ctx, isCheck ? change.before?.id : change.before?.checkId))) throw new Refusal(SITE_CHECK_MESSAGES.noticed);
    if (isCheck && (change.action === 'create' || change.action === 'update') && isProjectUser(ctx)) {
      const kind = change.values.checkKind ?? change.before?.checkKind;
      if (typeof kind === 'string' && !PROJECT_KINDS.has(kind)) throw new Refusal(SITE_CHECK_MESSAGES.projectKinds);
    }
  },
  async readRows(rows, ctx) {
    return ctx.model.entity.name === 'SiteCheck' ? withResults(rows, ctx) : rows;
  },
  async afterWrite(row, ctx) {
    if (ctx.model.entity.name === 'SiteCheckItem') await openHazard(row.id, ctx);
  },
};
