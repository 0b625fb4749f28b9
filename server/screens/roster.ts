// GET /prod-api/api/TyScreen/Roster: the roster screen (花名册, §2.4 roster) — a page of workers on the
// roster in scope with today's attendance. Id card numbers leave the server masked (§5.6), never whole.
import { sql } from 'kysely';
import { maskIdNumber } from '../../common/display';
import type { RosterRow } from '../../common/screens/roster';
import { nameOf, type ScreenContext } from './context';
import { count, dayText, isoOrNull, textOf } from './format';
import type { ProjectIds } from './scope';
import { attendanceToday, rosterToday } from './workers';

export type RosterQuery = { index: number; size: number; keyword?: string; onSite?: boolean };

export type { RosterRow };

export type RosterPage = { rows: RosterRow[]; total: number };

/** `%` and `_` in a keyword are literal characters, not patterns. */
const likePattern = (keyword: string): string => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export async function rosterPage(c: ScreenContext, projects: ProjectIds, q: RosterQuery): Promise<RosterPage> {
  const keyword = q.keyword?.trim() ?? '';
  const filters = [sql<boolean>`true`];
  if (keyword) filters.push(sql<boolean>`(w.worker_name like ${likePattern(keyword)} or w.team_name like ${likePattern(keyword)})`);
  if (q.onSite === true) filters.push(sql<boolean>`coalesce(a.on_site, false)`);
  const where = sql.join(filters, sql` and `);
  const [rows, total] = await Promise.all([
    sql<Record<string, unknown>>`
      with w as (${rosterToday(c, projects)}), a as (${attendanceToday(c, projects)})
      select w.id, w.project_id, p.name as project_name, w.worker_name, w.id_card_no, w.gender, w.job_type, w.person_type,
        w.team_name, w.unit_name, ${dayText(sql.ref('w.entry_date'))} as entry_date,
        a.worker_id is not null as attended, coalesce(a.on_site, false) as on_site, a.in_time
      from w join projects p on p.id = w.project_id left join a on a.worker_id = w.id
      where ${where}
      order by coalesce(a.on_site, false) desc, a.worker_id is not null desc, w.entry_date desc nulls last, w.id desc
      limit ${q.size} offset ${q.index * q.size}`.execute(c.db),
    sql<{ n: unknown }>`
      with w as (${rosterToday(c, projects)}), a as (${attendanceToday(c, projects)})
      select count(*) as n from w left join a on a.worker_id = w.id where ${where}`.execute(c.db),
  ]);
  return {
    total: count(total.rows[0]?.n),
    rows: rows.rows.map((r) => ({
      id: String(r.id),
      projectId: String(r.project_id),
      projectName: textOf(r.project_name),
      workerName: textOf(r.worker_name),
      idCardNo: maskIdNumber(textOf(r.id_card_no)),
      gender: textOf(r.gender),
      genderName: r.gender ? nameOf(c, 'gender', String(r.gender)) : '',
      jobType: textOf(r.job_type),
      jobTypeName: r.job_type ? nameOf(c, 'jobType', String(r.job_type)) : '',
      personType: textOf(r.person_type),
      personTypeName: r.person_type ? nameOf(c, 'personType', String(r.person_type)) : '',
      teamName: textOf(r.team_name),
      unitName: textOf(r.unit_name),
      entryDate: r.entry_date === null || r.entry_date === undefined ? null : String(r.entry_date),
      attendedToday: r.attended === true,
      onSite: r.on_site === true,
      inTime: isoOrNull(r.in_time),
    })),
  };
}
