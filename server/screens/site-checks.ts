// GET /prod-api/api/TyScreen/SiteChecks — the project screens 质量管理, 安全管理 and 质量安全 (§2.4 quality,
// security, qualitySafe) over the 质量安全检查 of the projects in scope (docs/quality-safety-checks.md): per
// category the checks by result, kind and method, a 30-day trend, the most frequent failing items, the
// newest checks and the 检查整改 notices; with the hazards' summary and the newest open hazards. Every figure
// is one SQL aggregate over the projects in scope.
import { sql } from 'kysely';
import type { CheckCategoryStats, CheckNoticeStats, SiteChecks } from '../../common/screens/site-checks';
import { byDictionary, nameOf, type ScreenContext } from './context';
import { addDays, count, cstDate, lastDays, percent, textOf } from './format';
import { HAZARD_CLOSED, hazardList, hazardSummary } from './quality-safety';
import type { ProjectIds } from './scope';

export type { SiteChecks };

const FAILED = '2';
const NOTICE_CLOSED = '3';
const LIST_LIMIT = 20;
const TOP_FAILED = 8;
const CATEGORY = { quality: '1', safety: '2' } as const;

async function noticeStats(c: ScreenContext, projects: ProjectIds, category: string): Promise<CheckNoticeStats> {
  const today = cstDate(c.now);
  const from = sql`${sql.id(c.t.checkNotice)} n join projects p on p.id = n.project_id
    where n.if_del = 0 and n.project_id in (${projects}) and n.category = ${category}`;
  const [statuses, open] = await Promise.all([
    sql<{ code: string; n: unknown; overdue: unknown }>`select n.status as code, count(*) as n,
      count(*) filter (where n.status <> ${NOTICE_CLOSED} and n.deadline < ${today}::date) as overdue from ${from} group by 1`.execute(c.db),
    sql<Record<string, unknown>>`select n.id, n.notice_no, p.name as project_name, n.status, to_char(n.deadline, 'YYYY-MM-DD') as deadline,
      greatest(0, ${today}::date - n.deadline) as days_past, n.problems, n.issued_by
      from ${from} and n.status <> ${NOTICE_CLOSED} order by n.deadline, n.id limit ${LIST_LIMIT}`.execute(c.db),
  ]);
  const byStatus = byDictionary(c, 'checkNoticeStatus', statuses.rows);
  const total = byStatus.reduce((n, s) => n + s.count, 0);
  const closed = byStatus.find((s) => s.code === NOTICE_CLOSED)?.count ?? 0;
  return {
    byStatus,
    total,
    open: total - closed,
    closed,
    overdue: statuses.rows.reduce((n, r) => n + count(r.overdue), 0),
    closeRate: percent(closed, total),
    list: open.rows.map((r) => {
      const days = count(r.days_past);
      return {
        id: String(r.id),
        noticeNo: textOf(r.notice_no),
        projectName: textOf(r.project_name),
        status: textOf(r.status),
        statusName: nameOf(c, 'checkNoticeStatus', textOf(r.status)),
        deadline: textOf(r.deadline),
        overdue: days > 0,
        overdueDays: days,
        problems: textOf(r.problems),
        issuedBy: textOf(r.issued_by),
      };
    }),
  };
}

async function categoryStats(c: ScreenContext, projects: ProjectIds, category: string): Promise<CheckCategoryStats> {
  const today = cstDate(c.now);
  const days = lastDays(today, 30);
  // Each check with its failing items counted once.
  const checks = sql`(select s.*, (select count(*) from ${sql.id(c.t.checkItem)} i
      where i.check_id = s.id::text and i.if_del = 0 and i.result = ${FAILED}) as failed
    from ${sql.id(c.t.siteCheck)} s where s.if_del = 0 and s.project_id in (${projects}) and s.category = ${category}) k`;
  const groupBy = (column: 'check_kind' | 'check_method') =>
    sql<{ code: string; n: unknown }>`select k.${sql.ref(column)} as code, count(*) as n from ${checks} group by 1`.execute(c.db);
  const [totals, kinds, methods, top, trend, latest, notices] = await Promise.all([
    sql<Record<string, unknown>>`select count(*) as total, count(*) filter (where k.failed > 0) as failed, coalesce(sum(k.failed), 0) as failed_items,
      count(*) filter (where k.check_date > ${addDays(today, -30)}::date) as last30d from ${checks}`.execute(c.db),
    groupBy('check_kind'),
    groupBy('check_method'),
    sql<{ name: string; n: unknown }>`select i.item_name as name, count(*) as n from ${sql.id(c.t.checkItem)} i
      join ${sql.id(c.t.siteCheck)} s on s.id::text = i.check_id and s.if_del = 0
      where i.if_del = 0 and i.result = ${FAILED} and s.project_id in (${projects}) and s.category = ${category}
      group by 1 order by 2 desc, 1 limit ${TOP_FAILED}`.execute(c.db),
    sql<{ day: string; passed: unknown; failed: unknown }>`select to_char(k.check_date, 'YYYY-MM-DD') as day,
      count(*) filter (where k.failed = 0) as passed, count(*) filter (where k.failed > 0) as failed
      from ${checks} where k.check_date between ${days[0]}::date and ${today}::date group by 1`.execute(c.db),
    sql<Record<string, unknown>>`select k.id, k.check_no, k.project_id, p.name as project_name, k.check_kind, k.check_method,
      to_char(k.check_date, 'YYYY-MM-DD') as check_date, k.inspector, k.location, k.failed
      from ${checks} join projects p on p.id = k.project_id order by k.check_date desc, k.id desc limit ${LIST_LIMIT}`.execute(c.db),
    noticeStats(c, projects, category),
  ]);
  const r = totals.rows[0] ?? {};
  const total = count(r.total);
  const failed = count(r.failed);
  const byDay = new Map(trend.rows.map((t) => [t.day, t]));
  return {
    total,
    passed: total - failed,
    failed,
    passRate: percent(total - failed, total),
    failedItems: count(r.failed_items),
    last30d: count(r.last30d),
    byKind: byDictionary(c, 'checkKind', kinds.rows),
    byMethod: byDictionary(c, 'checkMethod', methods.rows),
    topFailed: top.rows.map((t) => ({ name: textOf(t.name), count: count(t.n) })),
    trend: days.map((date) => ({ date, passed: count(byDay.get(date)?.passed), failed: count(byDay.get(date)?.failed) })),
    checks: latest.rows.map((k) => ({
      id: String(k.id),
      checkNo: textOf(k.check_no),
      projectId: String(k.project_id),
      projectName: textOf(k.project_name),
      checkKindName: nameOf(c, 'checkKind', textOf(k.check_kind)),
      checkMethodName: nameOf(c, 'checkMethod', textOf(k.check_method)),
      checkDate: textOf(k.check_date),
      inspector: textOf(k.inspector),
      location: textOf(k.location),
      failed: count(k.failed),
    })),
    notices,
  };
}

export async function siteChecks(c: ScreenContext, projects: ProjectIds): Promise<SiteChecks> {
  const [quality, safety, hazards, openHazards] = await Promise.all([
    categoryStats(c, projects, CATEGORY.quality),
    categoryStats(c, projects, CATEGORY.safety),
    hazardSummary(c, projects),
    hazardList(c, projects, sql<boolean>`h.status <> ${HAZARD_CLOSED}`, sql`h.found_at desc, h.id desc`, LIST_LIMIT),
  ]);
  return { updatedAt: c.now.toISOString(), quality, safety, hazards, openHazards };
}
