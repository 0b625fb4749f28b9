// The worker roster and attendance the personnel screens share (schemas/entities/worker.json,
// attendance-record.json). "On the roster" on a day: not deleted, entered by then (or no entry date),
// not exited by then. "Attended" a day: has an attendance row of that work date. "On site now": a row of
// today's work date with an entry time and no exit time (China Standard Time days).
import { sql, type RawBuilder } from 'kysely';
import type { ProjectWorkforce, Workforce } from '../../common/screens/workforce';
import type { ScreenContext } from './context';
import { count, cstDate, percent } from './format';
import type { ProjectIds } from './scope';

/** Condition on a worker table alias `w` for "on the roster on `day`". */
export const onRoster = (day: string): RawBuilder<boolean> =>
  sql<boolean>`w.if_del = 0 and (w.entry_date is null or w.entry_date <= ${day}::date) and (w.exit_date is null or w.exit_date > ${day}::date)`;

/** Workers on the roster today in scope, as a common-table body (columns of the worker table). */
export const rosterToday = (c: ScreenContext, projects: ProjectIds): RawBuilder<unknown> =>
  sql`select w.* from ${sql.id(c.t.worker)} w where w.project_id in (${projects}) and ${onRoster(cstDate(c.now))}`;

/** Today's attendance per worker in scope: one row per worker with the first `in_time` and `on_site`. */
export const attendanceToday = (c: ScreenContext, projects: ProjectIds): RawBuilder<unknown> => sql`
  select a.worker_id, min(a.project_id) as project_id, min(a.in_time) as in_time,
    bool_or(a.in_time is not null and a.out_time is null) as on_site
  from ${sql.id(c.t.attendance)} a
  where a.project_id in (${projects}) and a.work_date = ${cstDate(c.now)}::date
  group by a.worker_id`;

/** Registered (实名制登记): a worker with an id card number and a photo. */
const REGISTERED = sql`coalesce(w.id_card_no, '') <> '' and coalesce(w.photo, '') <> ''`;

/** Roster, registration and today's attendance of every project in scope (also those without workers). */
export async function workforceByProject(c: ScreenContext, projects: ProjectIds): Promise<ProjectWorkforce[]> {
  const result = await sql<Record<string, unknown>>`
    with w as (${rosterToday(c, projects)}), a as (${attendanceToday(c, projects)}),
    wc as (
      select w.project_id, count(*) as roster, count(*) filter (where ${REGISTERED}) as registered,
        count(distinct nullif(w.unit_name, '')) as units
      from w group by w.project_id),
    ac as (select a.project_id, count(*) as attended, count(*) filter (where a.on_site) as on_site from a group by a.project_id)
    select p.id, p.name, wc.roster, wc.registered, wc.units, ac.attended, ac.on_site
    from projects p left join wc on wc.project_id = p.id left join ac on ac.project_id = p.id
    where p.id in (${projects}) order by p.id`.execute(c.db);
  return result.rows.map((r) => ({
    projectId: String(r.id),
    projectName: String(r.name),
    units: count(r.units),
    ...workforce(count(r.roster), count(r.registered), count(r.attended), count(r.on_site)),
  }));
}

export const workforce = (roster: number, registered: number, attended: number, onSite: number): Workforce => ({
  roster,
  registered,
  attended,
  onSite,
  attendanceRate: percent(attended, roster),
  registrationRate: percent(registered, roster),
});

/** The totals of per-project rows. */
export const totalWorkforce = (rows: readonly Workforce[]): Workforce =>
  workforce(
    rows.reduce((n, r) => n + r.roster, 0),
    rows.reduce((n, r) => n + r.registered, 0),
    rows.reduce((n, r) => n + r.attended, 0),
    rows.reduce((n, r) => n + r.onSite, 0),
  );
