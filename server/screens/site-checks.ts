// GET /prod-api/api/TyScreen/SiteChecks — the project screens 质量管理, 安全管理 and 质量安全 (§2.4 quality,
// security, qualitySafe) over the 质量安全检查 of the projects in scope (docs/quality-safety-checks.md): per
// category the checks by result, kind and method, a 30-day trend, the most frequent failing items, the
// newest checks and the 检查整改 notices; with the hazards' summary and the newest open hazards. The checks'
// counts are read from the rollups (rollups.ts: checks by kind and method, per day, failing items by name,
// each check's failing items kept in its failed_count); `siteChecksFrom(…, 'raw')` aggregates the raw rows,
// the reference of tests/server/rollups.test.ts.
import { sql, type RawBuilder } from 'kysely';
import type { CheckCategoryStats, CheckNoticeStats, SiteChecks } from '../../common/screens/site-checks';
import { byDictionary, nameOf, type ScreenContext } from './context';
import { addDays, count, cstDate, lastDays, percent, textOf } from './format';
import { hazardSummary, openHazards } from './quality-safety';
import type { ProjectIds } from './scope';

export type { SiteChecks };

/** checkItemResult: 不合格. */
export const CHECK_ITEM_FAILED = '2';
const FAILED = CHECK_ITEM_FAILED;
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

type Source = 'rollups' | 'raw';
type Row = Record<string, unknown>;
type Figures = {
  totals: Row;
  kinds: Array<{ code: unknown; n: unknown }>;
  methods: Array<{ code: unknown; n: unknown }>;
  top: Array<{ name: unknown; n: unknown }>;
  trend: Array<{ day: string; passed: unknown; failed: unknown }>;
};

/** A category's counts aggregated from the raw rows: each check with its failing items counted once. */
async function rawFigures(c: ScreenContext, projects: ProjectIds, category: string, days: string[]): Promise<Figures> {
  const today = days[days.length - 1];
  const checks = sql`(select s.*, (select count(*) from ${sql.id(c.t.checkItem)} i
      where i.check_id = s.id::text and i.if_del = 0 and i.result = ${FAILED}) as failed
    from ${sql.id(c.t.siteCheck)} s where s.if_del = 0 and s.project_id in (${projects}) and s.category = ${category}) k`;
  const groupBy = (column: 'check_kind' | 'check_method') =>
    sql<{ code: string; n: unknown }>`select k.${sql.ref(column)} as code, count(*) as n from ${checks} group by 1`.execute(c.db);
  const [totals, kinds, methods, top, trend] = await Promise.all([
    sql<Row>`select count(*) as total, count(*) filter (where k.failed > 0) as failed, coalesce(sum(k.failed), 0) as failed_items,
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
  ]);
  return { totals: totals.rows[0] ?? {}, kinds: kinds.rows, methods: methods.rows, top: top.rows, trend: trend.rows };
}

/** The same counts from the rollups (rollups.ts). */
async function rollupFigures(c: ScreenContext, projects: ProjectIds, category: string, days: string[]): Promise<Figures> {
  const today = days[days.length - 1];
  const of = (table: string): RawBuilder<unknown> => sql`${sql.id(table)} r where r.project_id in (${projects}) and r.category = ${category}`;
  const groupBy = (column: 'check_kind' | 'check_method') =>
    sql<{ code: string; n: unknown }>`select r.${sql.ref(column)} as code, sum(r.n) as n from ${of('rollup_site_check')} group by 1 having sum(r.n) <> 0`.execute(c.db);
  const [totals, kinds, methods, top, trend] = await Promise.all([
    sql<Row>`select t.total, t.failed, t.failed_items, d.last30d
      from (select sum(r.n) as total, sum(r.n_failed) as failed, sum(r.failed_items) as failed_items from ${of('rollup_site_check')}) t,
        (select sum(r.n) as last30d from ${of('rollup_site_check_day')} and r.day > ${addDays(today, -30)}::date) d`.execute(c.db),
    groupBy('check_kind'),
    groupBy('check_method'),
    sql<{ name: string; n: unknown }>`select r.item_name as name, sum(r.n) as n from ${of('rollup_check_item_failed')}
      group by 1 having sum(r.n) <> 0 order by 2 desc, 1 limit ${TOP_FAILED}`.execute(c.db),
    sql<{ day: string; passed: unknown; failed: unknown }>`select to_char(r.day, 'YYYY-MM-DD') as day, sum(r.n - r.n_failed) as passed, sum(r.n_failed) as failed
      from ${of('rollup_site_check_day')} and r.day between ${days[0]}::date and ${today}::date group by 1`.execute(c.db),
  ]);
  return { totals: totals.rows[0] ?? {}, kinds: kinds.rows, methods: methods.rows, top: top.rows, trend: trend.rows };
}

/**
 * A category's newest checks with their failing items (the counter), along SiteCheck's index (project,
 * category, date, id) for one project or (category, date, id, project) for several, backwards: the category in
 * the index, so a project without checks of the category is not a walk over all its checks. `desc` puts a null
 * date first as the indexes do; none is null (检查日期 is required).
 */
const latestChecks = (c: ScreenContext, projects: ProjectIds, category: string) =>
  sql<Row>`select s.id, s.check_no, s.project_id, p.name as project_name, s.check_kind, s.check_method,
      to_char(s.check_date, 'YYYY-MM-DD') as check_date, s.inspector, s.location, s.failed_count as failed
    from ${sql.id(c.t.siteCheck)} s join projects p on p.id = s.project_id
    where s.if_del = 0 and s.project_id in (${projects}) and s.category = ${category}
    order by s.check_date desc, s.id desc limit ${LIST_LIMIT}`.execute(c.db);

async function categoryStats(c: ScreenContext, projects: ProjectIds, category: string, source: Source): Promise<CheckCategoryStats> {
  const days = lastDays(cstDate(c.now), 30);
  const [f, latest, notices] = await Promise.all([
    (source === 'rollups' ? rollupFigures : rawFigures)(c, projects, category, days),
    latestChecks(c, projects, category),
    noticeStats(c, projects, category),
  ]);
  const r = f.totals;
  const total = count(r.total);
  const failed = count(r.failed);
  const byDay = new Map(f.trend.map((t) => [t.day, t]));
  return {
    total,
    passed: total - failed,
    failed,
    passRate: percent(total - failed, total),
    failedItems: count(r.failed_items),
    last30d: count(r.last30d),
    byKind: byDictionary(c, 'checkKind', f.kinds),
    byMethod: byDictionary(c, 'checkMethod', f.methods),
    topFailed: f.top.map((t) => ({ name: textOf(t.name), count: count(t.n) })),
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

export const siteChecks = (c: ScreenContext, projects: ProjectIds): Promise<SiteChecks> => siteChecksFrom(c, projects, 'rollups');

/** The screen's answer, the checks' and hazards' counts read from the rollups (the screen) or the raw rows (the reference). */
export async function siteChecksFrom(c: ScreenContext, projects: ProjectIds, source: Source): Promise<SiteChecks> {
  const [quality, safety, hazards] = await Promise.all([
    categoryStats(c, projects, CATEGORY.quality, source),
    categoryStats(c, projects, CATEGORY.safety, source),
    hazardSummary(c, projects, source),
  ]);
  const openHazardList = await openHazards(c, projects, hazards, LIST_LIMIT);
  return { updatedAt: c.now.toISOString(), quality, safety, hazards, openHazards: openHazardList };
}
