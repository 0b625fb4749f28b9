// GET /prod-api/api/TyScreen/Testing: the 检测机构 screens (/InspectionInstitute TestingInstitution,
// WitnessSamplingManagement, SampleManagement) in one call over the 见证取样 of the projects in scope —
// states, institutions, materials, a 14-day trend, per-project pass rates, the newest samples and reports
// and the unqualified ones with their alarm (docs/testing.md "Screens").
import { sql } from 'kysely';
import type { SampleItem, Testing, TestingGroup } from '../../common/screens/testing';
import { byDictionary, nameOf, type ScreenContext } from './context';
import { count, cstDate, cstDay, cstMidnight, dayText, iso, lastDays, percent, textOf } from './format';
import type { ProjectIds } from './scope';

export type { Testing };

const REPORTED = '4';
const UNQUALIFIED = '2';

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

export async function testing(c: ScreenContext, projects: ProjectIds): Promise<Testing> {
  const s = c.t.sample;
  const inScope = sql<boolean>`s.if_del = 0 and s.project_id in (${projects})`;
  const today = cstDate(c.now);
  const days = lastDays(today, 14);
  const since = cstMidnight(days[0]).toISOString();
  const monthStart = cstMidnight(`${today.slice(0, 8)}01`).toISOString();
  const grouped = (column: string) => sql<GroupRow>`
    select ${sql.ref(`s.${column}`)} as code, count(*) as total, count(*) filter (where s.status = ${REPORTED}) as reported,
      count(*) filter (where s.status = ${REPORTED} and s.conclusion = ${UNQUALIFIED}) as unqualified
    from ${sql.id(s)} s where ${inScope} group by 1`.execute(c.db);
  const list = (where: ReturnType<typeof sql<boolean>>, order: ReturnType<typeof sql>) => sql<Record<string, unknown>>`
    select ${SAMPLE_COLUMNS}, (select bool_and(a.handled) from ${sql.id(c.t.alarm)} a
      where a.device_code = s.sample_no and a.project_id = s.project_id and a.alarm_kind = 'sampleFail') as alarm_handled
    from ${sql.id(s)} s join projects p on p.id = s.project_id
    where ${inScope} and ${where} order by ${order} limit 50`.execute(c.db);
  const [summary, statuses, institutions, materials, sampledDays, reportedDays, perProject, latest, reports, unqualified] = await Promise.all([
    sql<Record<string, unknown>>`
      select count(*) as total, count(*) filter (where s.status = ${REPORTED}) as reported,
        count(*) filter (where s.status = ${REPORTED} and s.conclusion = ${UNQUALIFIED}) as unqualified,
        count(*) filter (where s.sampled_at >= ${monthStart}::timestamptz) as this_month,
        (select count(*) from ${sql.id(c.t.alarm)} a where a.project_id in (${projects}) and a.alarm_kind = 'sampleFail' and a.handled = false) as open_alarms
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
    sql<Record<string, unknown>>`
      select s.project_id, p.name as project_name, count(*) as total, count(*) filter (where s.status = ${REPORTED}) as reported,
        count(*) filter (where s.status = ${REPORTED} and s.conclusion = ${UNQUALIFIED}) as unqualified
      from ${sql.id(s)} s join projects p on p.id = s.project_id where ${inScope} group by 1, 2 order by 3 desc, 1`.execute(c.db),
    list(sql<boolean>`true`, sql`s.sampled_at desc, s.id desc`),
    list(sql<boolean>`s.status = ${REPORTED}`, sql`s.report_date desc, s.id desc`),
    list(sql<boolean>`s.status = ${REPORTED} and s.conclusion = ${UNQUALIFIED}`, sql`s.report_date desc, s.id desc`),
  ]);
  const sum = summary.rows[0] ?? {};
  const byStatus = byDictionary(c, 'sampleStatus', statuses.rows);
  const state = (code: string) => byStatus.find((b) => b.code === code)?.count ?? 0;
  const reported = count(sum.reported);
  const bad = count(sum.unqualified);
  const sampledOn = new Map(sampledDays.rows.map((r) => [r.day, count(r.n)]));
  const reportedOn = new Map(reportedDays.rows.map((r) => [r.day, r]));
  return {
    updatedAt: c.now.toISOString(),
    summary: {
      total: count(sum.total), sampled: state('1'), sent: state('2'), testing: state('3'), reported,
      qualified: reported - bad, unqualified: bad, passRate: percent(reported - bad, reported), thisMonth: count(sum.this_month), openAlarms: count(sum.open_alarms),
    },
    byStatus,
    byInstitution: groups(c, 'testingInstitution', institutions.rows),
    byMaterial: groups(c, 'sampleMaterial', materials.rows).filter((g) => g.total > 0),
    trend: days.map((day) => ({ day, sampled: sampledOn.get(day) ?? 0, reported: count(reportedOn.get(day)?.n), unqualified: count(reportedOn.get(day)?.bad) })),
    byProject: perProject.rows.map((r) => ({
      projectId: String(r.project_id), projectName: textOf(r.project_name), total: count(r.total), reported: count(r.reported), unqualified: count(r.unqualified),
      passRate: percent(count(r.reported) - count(r.unqualified), count(r.reported)),
    })),
    latest: latest.rows.map((r) => toSample(c, r)),
    reports: reports.rows.map((r) => toSample(c, r)),
    unqualified: unqualified.rows.map((r) => ({ ...toSample(c, r), alarmHandled: r.alarm_handled === true })),
  };
}
