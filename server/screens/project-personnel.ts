// GET /prod-api/api/TyScreen/ProjectPersonnel: the project's workforce screen (人员管理, §2.4
// ProjectScreen/personnelNew, header /ProjectScreen/personnel) for ONE project — pjctid1's, else the first in
// scope (docs/screens-api.md). The BuildPersonnel answer over that project, plus origin (籍贯), expiring
// special-operation certificates, blacklist hits and the newest gate passes.
import { sql } from 'kysely';
import type { NamedCount } from '../../common/screens/basics';
import type { BlacklistHit, ExpiringCertificate, GatePass, ProjectPersonnel } from '../../common/screens/project-personnel';
import { nameOf, type ScreenContext } from './context';
import { addDays, count, cstDate, cstMidnight, iso, textOf } from './format';
import { originOf } from './origin';
import { buildPersonnel } from './personnel';
import { oneProjectOf } from './project-overview';
import type { ProjectIds } from './scope';
import { rosterToday } from './workers';

export type { ProjectPersonnel };

/** Certificates expiring within this many days (or expired) are listed. */
export const CERTIFICATE_DAYS = 30;
/** Gate passes listed, of the last days. */
const PASSES_LISTED = 30;
const PASS_DAYS = 7;
const ID18 = '^[0-9]{17}[0-9Xx]$';

/** Crane operators' certificates of the projects expired or expiring within `days` days, soonest first. */
export async function expiringCertificates(c: ScreenContext, projects: ProjectIds, days = CERTIFICATE_DAYS): Promise<ExpiringCertificate[]> {
  const today = cstDate(c.now);
  const result = await sql<Record<string, unknown>>`
    select o.id, o.project_id, p.name as project_name, o.operator_name, o.licence_type, o.licence_no,
      to_char(o.licence_expiry, 'YYYY-MM-DD') as expiry, (o.licence_expiry - ${today}::date) as days_left
    from ${sql.id(c.t.craneOperator)} o join projects p on p.id = o.project_id
    where o.if_del = 0 and o.project_id in (${projects}) and o.licence_expiry is not null
      and o.licence_expiry <= ${addDays(today, days)}::date
    order by o.licence_expiry, o.id limit 50`.execute(c.db);
  return result.rows.map((r) => ({
    id: String(r.id),
    projectId: String(r.project_id),
    projectName: textOf(r.project_name),
    holderName: textOf(r.operator_name),
    kind: textOf(r.licence_type),
    kindName: nameOf(c, 'craneLicenceType', textOf(r.licence_type)),
    certificateNo: textOf(r.licence_no),
    expiryDate: textOf(r.expiry),
    daysLeft: count(r.days_left),
  }));
}

/** Roster workers on an effective blacklist of the project's company or a company above it. */
async function blacklistHits(c: ScreenContext, one: ProjectIds): Promise<BlacklistHit[]> {
  const result = await sql<Record<string, unknown>>`
    with recursive owners as (
      select co.id, co.parent_id from companies co where co.id in (select company_id from projects where id in (${one}))
      union select co.id, co.parent_id from companies co join owners o on co.id = o.parent_id),
    w as (${rosterToday(c, one)})
    select w.id, w.worker_name, w.team_name, w.unit_name, b.subject_type, b.reason, b.authority,
      to_char(b.listed_date, 'YYYY-MM-DD') as listed
    from w join ${sql.id(c.t.blacklist)} b on b.if_del = 0 and b.status = '1' and b.company_id in (select id from owners)
      and ((b.subject_type = '2' and b.cert_no <> '' and b.cert_no = w.id_card_no)
        or (b.subject_type = '1' and b.subject_name <> '' and b.subject_name = w.unit_name))
    order by w.id, b.subject_type desc limit 50`.execute(c.db);
  return result.rows.map((r) => ({
    workerId: String(r.id),
    workerName: textOf(r.worker_name),
    teamName: textOf(r.team_name),
    unitName: textOf(r.unit_name),
    subjectType: textOf(r.subject_type),
    subjectTypeName: nameOf(c, 'blacklistSubjectType', textOf(r.subject_type)),
    reason: textOf(r.reason),
    authority: textOf(r.authority),
    listedDate: r.listed ? String(r.listed) : null,
  }));
}

/**
 * Gate passes of the project: the 通行记录 of its gates and the in and out times of its attendance rows
 * (written by the attendance gates, docs/personnel.md), newest first, none in the future.
 */
async function gatePasses(c: ScreenContext, one: ProjectIds): Promise<{ list: GatePass[]; today: number }> {
  const today = cstDate(c.now);
  const from = addDays(today, 1 - PASS_DAYS);
  const nowIso = c.now.toISOString();
  const passes = sql`
    select 'g' || g.id as id, g.pass_time as at, g.worker_name, g.team_name, g.direction, g.gate_name
    from ${sql.id(c.t.gatePassage)} g
    where g.project_id in (${one}) and g.pass_time >= ${cstMidnight(from).toISOString()}::timestamptz and g.pass_time <= ${nowIso}::timestamptz
    union all
    select 'i' || a.id, a.in_time, a.worker_name, a.team_name, '1', a.device_name
    from ${sql.id(c.t.attendance)} a
    where a.project_id in (${one}) and a.work_date >= ${from}::date and a.in_time is not null and a.in_time <= ${nowIso}::timestamptz
    union all
    select 'o' || a.id, a.out_time, a.worker_name, a.team_name, '2', a.device_name
    from ${sql.id(c.t.attendance)} a
    where a.project_id in (${one}) and a.work_date >= ${from}::date and a.out_time is not null and a.out_time <= ${nowIso}::timestamptz`;
  const [list, todayCount] = await Promise.all([
    sql<Record<string, unknown>>`select * from (${passes}) x order by x.at desc, x.id desc limit ${PASSES_LISTED}`.execute(c.db),
    sql<{ n: unknown }>`select count(*) as n from (${passes}) x where x.at >= ${cstMidnight(today).toISOString()}::timestamptz`.execute(c.db),
  ]);
  return {
    list: list.rows.map((r) => ({
      id: String(r.id),
      time: iso(r.at),
      workerName: textOf(r.worker_name),
      teamName: textOf(r.team_name),
      direction: textOf(r.direction),
      directionName: nameOf(c, 'passDirection', textOf(r.direction)),
      gateName: textOf(r.gate_name),
    })),
    today: count(todayCount.rows[0]?.n),
  };
}

/** 籍贯 of the roster: 内江市 first, the rest most first, 未知 last. */
async function origins(c: ScreenContext, one: ProjectIds): Promise<NamedCount[]> {
  const result = await sql<{ p: string; n: unknown }>`
    with w as (${rosterToday(c, one)})
    select case when w.id_card_no ~ ${ID18} then substr(w.id_card_no, 1, 4) else '' end as p, count(*) as n
    from w group by 1`.execute(c.db);
  const counts = new Map<string, NamedCount>();
  for (const r of result.rows) {
    const o = originOf(r.p);
    const seen = counts.get(o.code);
    counts.set(o.code, { code: o.code, name: o.name, count: (seen?.count ?? 0) + count(r.n) });
  }
  const rank = (o: NamedCount) => (o.code === '5110' ? 0 : o.code === '' ? 2 : 1);
  return [...counts.values()].sort((a, b) => rank(a) - rank(b) || b.count - a.count || a.code.localeCompare(b.code));
}

export async function projectPersonnel(c: ScreenContext, projects: ProjectIds): Promise<ProjectPersonnel> {
  const { row, one } = await oneProjectOf(c, projects);
  const [base, origin, certificates, blacklist, passes] = await Promise.all([
    buildPersonnel(c, one),
    origins(c, one),
    expiringCertificates(c, one),
    blacklistHits(c, one),
    gatePasses(c, one),
  ]);
  const { topProjects: _top, ...personnel } = base;
  return {
    ...personnel,
    project: row ? { id: String(row.id), name: textOf(row.name) } : null,
    origin,
    certificates,
    certificateDays: CERTIFICATE_DAYS,
    blacklist,
    passages: passes.list,
    passagesToday: passes.today,
  };
}
