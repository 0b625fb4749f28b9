// GET /prod-api/api/TyScreen/Testing: the 检测机构 screens (/InspectionInstitute TestingInstitution,
// WitnessSamplingManagement, SampleManagement) in one call over the 见证取样 of the projects in scope —
// states, institutions, materials, a 14-day trend, per-project pass rates, the newest samples and reports
// and the unqualified ones with their alarm (docs/witness-sampling.md "Screens"). The counts are read from the rollups
// (rollups.ts: samples by status, institution and material, per sampled day and per report day);
// `testingFrom(…, 'raw')` aggregates the raw rows, the reference of tests/server/rollups.test.ts. The lists
// read the rows, newest first along the sampled_at and report_date indexes.
import { sql, type RawBuilder } from 'kysely';
import type { SampleItem, Testing, TestingGroup } from '../../common/screens/testing';
import { byDictionary, nameOf, type ScreenContext } from './context';
import { count, cstDate, cstDay, cstMidnight, dayText, iso, lastDays, percent, textOf } from './format';
import type { ProjectIds } from './scope';

export type { Testing };

/** sampleStatus 已出报告; testConclusion 不合格. */
export const SAMPLE_REPORTED = '4';
export const SAMPLE_UNQUALIFIED = '2';
const REPORTED = SAMPLE_REPORTED;
const UNQUALIFIED = SAMPLE_UNQUALIFIED;

const SAMPLE_COLUMNS = sql`s.id, s.sample_no, s.project_id, p.name as project_name, s.material_kind, s.specification, s.location,
  s.sampler, s.witness, s.seal_no, s.institution, s.status, s.sampled_at, s.report_no, to_char(s.report_date, 'YYYY-MM-DD') as report_date, s.conclusion`;

function toSample(c: ScreenContext, r: Record<string, unknown>): SampleItem {
  return {
    id: String(r.id),
    sampleNo: textOf(r.sample_no),
    projectId: String(r.project_id),
    projectName: textOf(r.project_name),
    material: textOf(r.material_kind),
    materialName: nameOf(c, 'sampleMaterial', textOf(r.material_kind)),
    specification: textOf(r.specification),
    location: textOf(r.location),
    sampler: textOf(r.sampler),
    witness: textOf(r.witness),
    sealNo: textOf(r.seal_no),
    institution: textOf(r.institution),
    institutionName: nameOf(c, 'testingInstitution', textOf(r.institution)),
    status: textOf(r.status),
    statusName: nameOf(c, 'sampleStatus', textOf(r.status)),
    sampledAt: iso(r.sampled_at),
    reportNo: textOf(r.report_no),
    reportDate: r.report_date === null || r.report_date === undefined ? null : textOf(r.report_date),
    conclusion: textOf(r.conclusion),
  };
}

type GroupRow = { code: unknown; total: unknown; reported: unknown; unqualified: unknown };

/** Groups in dictionary order (every option, zeros included). */
function groups(c: ScreenContext, dictionary: string, rows: readonly GroupRow[]): TestingGroup[] {
  const by = new Map(rows.map((r) => [textOf(r.code), r]));
  return c.dict(dictionary).map((o) => {
    const r = by.get(o.xuHao);
    const total = count(r?.total);
    const reported = count(r?.reported);
    const unqualified = count(r?.unqualified);
    return { code: o.xuHao, name: o.selContent, total, pending: total - reported, reported, qualified: reported - unqualified, unqualified, passRate: percent(reported - unqualified, reported) };
  });
}

type Source = 'rollups' | 'raw';
type Row = Record<string, unknown>;
type Figures = {
  summary: Row;
  statuses: Array<{ code: unknown; n: unknown }>;
  institutions: GroupRow[];
  materials: GroupRow[];
  sampledDays: Array<{ day: string; n: unknown }>;
  reportedDays: Array<{ day: string; n: unknown; bad: unknown }>;
  perProject: Row[];
};

/** Unhandled 不合格 alarms of the projects in scope (the alarm table's shape: handled = false, kind sampleFail). */
const openAlarms = (c: ScreenContext, projects: ProjectIds) =>
  sql`(select count(*) from ${sql.id(c.t.alarm)} a where a.project_id in (${projects}) and a.alarm_kind = 'sampleFail' and a.handled = false)`;

/** The counts aggregated from the raw rows. */
async function rawFigures(c: ScreenContext, projects: ProjectIds, days: string[], monthStart: string): Promise<Figures> {
  const s = c.t.sample;
  const inScope = sql<boolean>`s.if_del = 0 and s.project_id in (${projects})`;
  const since = cstMidnight(days[0]).toISOString();
  const grouped = (column: string) => sql<GroupRow>`
    select ${sql.ref(`s.${column}`)} as code, count(*) as total, count(*) filter (where s.status = ${REPORTED}) as reported,
      count(*) filter (where s.status = ${REPORTED} and s.conclusion = ${UNQUALIFIED}) as unqualified
    from ${sql.id(s)} s where ${inScope} group by 1`.execute(c.db);
  const [summary, statuses, institutions, materials, sampledDays, reportedDays, perProject] = await Promise.all([
    sql<Row>`
      select count(*) as total, count(*) filter (where s.status = ${REPORTED}) as reported,
        count(*) filter (where s.status = ${REPORTED} and s.conclusion = ${UNQUALIFIED}) as unqualified,
        count(*) filter (where s.sampled_at >= ${cstMidnight(monthStart).toISOString()}::timestamptz) as this_month,
        ${openAlarms(c, projects)} as open_alarms
      from ${sql.id(s)} s where ${inScope}`.execute(c.db),
    sql<{ code: string; n: unknown }>`select s.status as code, count(*) as n from ${sql.id(s)} s where ${inScope} group by 1`.execute(c.db),
    grouped('institution'),
    grouped('material_kind'),
    sql<{ day: string; n: unknown }>`
      select ${dayText(cstDay(sql.ref('s.sampled_at')))} as day, count(*) as n from ${sql.id(s)} s
      where ${inScope} and s.sampled_at >= ${since}::timestamptz group by 1`.execute(c.db),
    sql<{ day: string; n: unknown; bad: unknown }>`
      select ${dayText(sql.ref('s.report_date'))} as day, count(*) as n, count(*) filter (where s.conclusion = ${UNQUALIFIED}) as bad
      from ${sql.id(s)} s where ${inScope} and s.status = ${REPORTED} and s.report_date >= ${days[0]}::date group by 1`.execute(c.db),
    sql<Row>`
      select s.project_id, p.name as project_name, count(*) as total, count(*) filter (where s.status = ${REPORTED}) as reported,
        count(*) filter (where s.status = ${REPORTED} and s.conclusion = ${UNQUALIFIED}) as unqualified
      from ${sql.id(s)} s join projects p on p.id = s.project_id where ${inScope} group by 1, 2 order by 3 desc, 1`.execute(c.db),
  ]);
  return {
    summary: summary.rows[0] ?? {}, statuses: statuses.rows, institutions: institutions.rows, materials: materials.rows,
    sampledDays: sampledDays.rows, reportedDays: reportedDays.rows, perProject: perProject.rows,
  };
}

/** The same counts from the rollups (rollups.ts). */
async function rollupFigures(c: ScreenContext, projects: ProjectIds, days: string[], monthStart: string): Promise<Figures> {
  const of = (table: string): RawBuilder<unknown> => sql`${sql.id(table)} r where r.project_id in (${projects})`;
  const grouped = (column: string) => sql<GroupRow>`
    select ${sql.ref(`r.${column}`)} as code, sum(r.n) as total, sum(r.n_reported) as reported, sum(r.n_unqualified) as unqualified
    from ${of('rollup_sample')} group by 1 having sum(r.n) <> 0`.execute(c.db);
  const [summary, statuses, institutions, materials, sampledDays, reportedDays, perProject] = await Promise.all([
    sql<Row>`
      select t.total, t.reported, t.unqualified, m.this_month, ${openAlarms(c, projects)} as open_alarms
      from (select sum(r.n) as total, sum(r.n_reported) as reported, sum(r.n_unqualified) as unqualified from ${of('rollup_sample')}) t,
        (select sum(r.n) as this_month from ${of('rollup_sample_day')} and r.day >= ${monthStart}::date) m`.execute(c.db),
    sql<{ code: string; n: unknown }>`select r.status as code, sum(r.n) as n from ${of('rollup_sample')} group by 1 having sum(r.n) <> 0`.execute(c.db),
    grouped('institution'),
    grouped('material_kind'),
    sql<{ day: string; n: unknown }>`
      select ${dayText(sql.ref('r.day'))} as day, sum(r.n) as n from ${of('rollup_sample_day')} and r.day >= ${days[0]}::date group by 1`.execute(c.db),
    sql<{ day: string; n: unknown; bad: unknown }>`
      select ${dayText(sql.ref('r.day'))} as day, sum(r.n) as n, sum(r.n_unqualified) as bad
      from ${of('rollup_sample_report_day')} and r.day >= ${days[0]}::date group by 1`.execute(c.db),
    sql<Row>`
      select r.project_id, p.name as project_name, sum(r.n) as total, sum(r.n_reported) as reported, sum(r.n_unqualified) as unqualified
      from ${sql.id('rollup_sample')} r join projects p on p.id = r.project_id where r.project_id in (${projects})
      group by 1, 2 having sum(r.n) <> 0 order by 3 desc, 1`.execute(c.db),
  ]);
  return {
    summary: summary.rows[0] ?? {}, statuses: statuses.rows, institutions: institutions.rows, materials: materials.rows,
    sampledDays: sampledDays.rows, reportedDays: reportedDays.rows, perProject: perProject.rows,
  };
}

/**
 * Up to 50 samples in scope satisfying `where`, in `order` (trusted SQL); the unqualified ones (`failed`)
 * with their alarm's state: null without an alarm, true when every one is handled. The FILTER (bool_and
 * skips nulls anyway) keeps PostgreSQL from planning the aggregate as a min over the `handled` index, which
 * read 150,000 index entries a row at a million alarms (3.5 s).
 */
function sampleList(c: ScreenContext, projects: ProjectIds, where: RawBuilder<boolean>, order: RawBuilder<unknown>, failed = false) {
  const alarm = failed
    ? sql`, (select bool_and(a.handled) filter (where a.handled is not null) from ${sql.id(c.t.alarm)} a
      where a.device_code = s.sample_no and a.project_id = s.project_id and a.alarm_kind = 'sampleFail') as alarm_handled`
    : sql``;
  return sql<Row>`
    select ${SAMPLE_COLUMNS}${alarm}
    from ${sql.id(c.t.sample)} s join projects p on p.id = s.project_id
    where s.if_del = 0 and s.project_id in (${projects}) and ${where} order by ${order} limit 50`.execute(c.db);
}

/** Newest first along the sort indexes `(col nulls first, id, project_id)`, backwards. */
const BY_SAMPLED = sql`s.sampled_at desc nulls last, s.id desc`;
const BY_REPORT = sql`s.report_date desc nulls last, s.id desc`;
/**
 * The unqualified, newest report first, along WitnessSample's partial index of them `(report_date, id, project_id)`
 * backwards (a report always has its date: the 出具报告 transition asks for it). Along the sort index, with
 * unqualified samples rare, a project with few of them had its whole history read (170 ms at a million).
 */
const BY_FAILED_REPORT = sql`s.report_date desc, s.id desc`;
const none = Promise.resolve({ rows: [] as Row[] });

export const testing = (c: ScreenContext, projects: ProjectIds): Promise<Testing> => testingFrom(c, projects, 'rollups');

/** The screen's answer, its counts read from the rollups (the screen) or aggregated from the raw rows (the reference). */
export async function testingFrom(c: ScreenContext, projects: ProjectIds, source: Source): Promise<Testing> {
  const today = cstDate(c.now);
  const days = lastDays(today, 14);
  const monthStart = `${today.slice(0, 8)}01`;
  const [f, latest] = await Promise.all([
    (source === 'rollups' ? rollupFigures : rawFigures)(c, projects, days, monthStart),
    sampleList(c, projects, sql<boolean>`true`, BY_SAMPLED),
  ]);
  const sum = f.summary;
  const reported = count(sum.reported);
  const bad = count(sum.unqualified);
  // Lists the counts say are empty are not looked for (their scan would find nothing, all the way down).
  const [reports, unqualified] = await Promise.all([
    reported > 0 ? sampleList(c, projects, sql<boolean>`s.status = ${REPORTED}`, BY_REPORT) : none,
    bad > 0 ? sampleList(c, projects, sql<boolean>`s.status = ${REPORTED} and s.conclusion = ${UNQUALIFIED}`, BY_FAILED_REPORT, true) : none,
  ]);
  const byStatus = byDictionary(c, 'sampleStatus', f.statuses);
  const state = (code: string) => byStatus.find((b) => b.code === code)?.count ?? 0;
  const sampledOn = new Map(f.sampledDays.map((r) => [r.day, count(r.n)]));
  const reportedOn = new Map(f.reportedDays.map((r) => [r.day, r]));
  return {
    updatedAt: c.now.toISOString(),
    summary: {
      total: count(sum.total), sampled: state('1'), sent: state('2'), testing: state('3'), reported,
      qualified: reported - bad, unqualified: bad, passRate: percent(reported - bad, reported), thisMonth: count(sum.this_month), openAlarms: count(sum.open_alarms),
    },
    byStatus,
    byInstitution: groups(c, 'testingInstitution', f.institutions),
    byMaterial: groups(c, 'sampleMaterial', f.materials).filter((g) => g.total > 0),
    trend: days.map((day) => ({ day, sampled: sampledOn.get(day) ?? 0, reported: count(reportedOn.get(day)?.n), unqualified: count(reportedOn.get(day)?.bad) })),
    byProject: f.perProject.map((r) => ({
      projectId: String(r.project_id), projectName: textOf(r.project_name), total: count(r.total), reported: count(r.reported), unqualified: count(r.unqualified),
      passRate: percent(count(r.reported) - count(r.unqualified), count(r.reported)),
    })),
    latest: latest.rows.map((r) => toSample(c, r)),
    reports: reports.rows.map((r) => toSample(c, r)),
    unqualified: unqualified.rows.map((r) => ({ ...toSample(c, r), alarmHandled: r.alarm_handled === true })),
  };
}
