// GET /prod-api/api/TyScreen/BuildPersonnel: the personnel screen (人员管理, §2.4 buildPersonnel) —
// roster and today's attendance, by job type, person type, team and unit, a 7-day trend, the ten
// projects with most attendance today, and the gender and age split of the roster (docs/screens-api.md).
import { sql } from 'kysely';
import type { NamedCount } from '../../common/screens/basics';
import type { BuildPersonnel, GroupAttendance } from '../../common/screens/personnel';
import { byDictionary, type ScreenContext } from './context';
import { count, cstDate, dayText, lastDays, textOf } from './format';
import type { ProjectIds } from './scope';
import { attendanceToday, rosterToday, totalWorkforce, workforceByProject } from './workers';

export type { BuildPersonnel };

/** Age bands of the roster (years, from the birth date in an 18-digit id card number). */
export const AGE_BANDS = [
  { code: '25', name: '25岁及以下', max: 25 },
  { code: '35', name: '26-35岁', max: 35 },
  { code: '45', name: '36-45岁', max: 45 },
  { code: '55', name: '46-55岁', max: 55 },
  { code: '56', name: '56岁及以上', max: Infinity },
] as const;

/** An 18-digit id card number with a plausible birth date (the day is not checked against the month). */
const ID18 = '^[0-9]{6}(19|20)[0-9]{2}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])[0-9]{3}[0-9Xx]$';

/** Grouped roster and today's attendance by one worker column (`group` is trusted SQL, never input). */
async function grouped(c: ScreenContext, projects: ProjectIds, column: 'job_type' | 'team_name' | 'unit_name') {
  const result = await sql<{ k: string | null; roster: unknown; attended: unknown; on_site: unknown }>`
    with w as (${rosterToday(c, projects)}), a as (${attendanceToday(c, projects)})
    select nullif(w.${sql.ref(column)}, '') as k, count(*) as roster,
      count(a.worker_id) as attended, count(*) filter (where a.on_site) as on_site
    from w left join a on a.worker_id = w.id
    group by 1 order by roster desc, k`.execute(c.db);
  return result.rows.map((r) => ({ key: r.k, roster: count(r.roster), attended: count(r.attended), onSite: count(r.on_site) }));
}

/** Workers on the roster by 工种, most first, with today's attendance and those on site (also the project overview's). */
export async function jobTypeAttendance(c: ScreenContext, projects: ProjectIds): Promise<BuildPersonnel['byJobType']> {
  const jobNames = c.dict('jobType');
  return (await grouped(c, projects, 'job_type')).map((r) => ({
    code: r.key ?? '',
    name: r.key === null ? '未填写' : (jobNames.find((o) => o.xuHao === r.key)?.selContent ?? r.key),
    roster: r.roster,
    attended: r.attended,
    onSite: r.onSite,
  }));
}

export async function buildPersonnel(c: ScreenContext, projects: ProjectIds): Promise<BuildPersonnel> {
  const today = cstDate(c.now);
  const days = lastDays(today, 7);
  const [perProject, jobs, teams, units, personTypes, trendRows, people] = await Promise.all([
    workforceByProject(c, projects),
    jobTypeAttendance(c, projects),
    grouped(c, projects, 'team_name'),
    grouped(c, projects, 'unit_name'),
    sql<{ code: string | null; n: unknown }>`
      with w as (${rosterToday(c, projects)}) select nullif(w.person_type, '') as code, count(*) as n from w group by 1`.execute(c.db),
    sql<{ day: string; attended: unknown; hours: unknown }>`
      select ${dayText(sql.ref('a.work_date'))} as day, count(distinct a.worker_id) as attended, coalesce(sum(a.work_hours), 0) as hours
      from ${sql.id(c.t.attendance)} a
      where a.project_id in (${projects}) and a.work_date between ${days[0]}::date and ${today}::date
      group by a.work_date`.execute(c.db),
    // Gender: the worker's field, else the 17th digit of an 18-digit id card (odd = male). Age: whole
    // years between the birth date yyyymmdd (positions 7–14) and today, by integer subtraction.
    sql<{ gender: string | null; age: number | null; n: unknown }>`
      with w as (${rosterToday(c, projects)})
      select coalesce(nullif(w.gender, ''),
          case when w.id_card_no ~ ${ID18} then case when substr(w.id_card_no, 17, 1)::int % 2 = 1 then '1' else '2' end end) as gender,
        case when w.id_card_no ~ ${ID18}
          then (${Number(today.replaceAll('-', ''))} - substr(w.id_card_no, 7, 8)::int) / 10000 end as age,
        count(*) as n
      from w group by 1, 2`.execute(c.db),
  ]);

  const total = totalWorkforce(perProject);
  const group = (rows: Awaited<ReturnType<typeof grouped>>, blank: string): GroupAttendance[] =>
    rows.map((r) => ({ name: r.key ?? blank, roster: r.roster, attended: r.attended, onSite: r.onSite }));
  const trendByDay = new Map(trendRows.rows.map((r) => [r.day, r]));

  const genderRows = new Map<string, number>();
  const ageCounts = new Map<string, number>();
  for (const r of people.rows) {
    const n = count(r.n);
    const g = textOf(r.gender);
    genderRows.set(g, (genderRows.get(g) ?? 0) + n);
    const band = r.age === null || r.age === undefined || Number(r.age) < 0 ? '' : AGE_BANDS.find((b) => Number(r.age) <= b.max)!.code;
    ageCounts.set(band, (ageCounts.get(band) ?? 0) + n);
  }
  const age: NamedCount[] = AGE_BANDS.map((b) => ({ code: b.code, name: b.name, count: ageCounts.get(b.code) ?? 0 }));
  if (ageCounts.get('')) age.push({ code: '', name: '未知', count: ageCounts.get('') ?? 0 });

  return {
    updatedAt: c.now.toISOString(),
    summary: { ...total, units: units.filter((u) => u.key !== null).length, teams: teams.filter((t) => t.key !== null).length },
    byJobType: jobs,
    byPersonType: byDictionary(c, 'personType', personTypes.rows.map((r) => ({ code: r.code, n: r.n }))).filter((r) => r.count > 0),
    byTeam: group(teams, '未分班组').slice(0, 20),
    byUnit: group(units, '未填写'),
    trend: days.map((date) => {
      const r = trendByDay.get(date);
      return { date, attended: count(r?.attended), personHours: Math.round(Number(r?.hours ?? 0) * 10) / 10 };
    }),
    topProjects: [...perProject]
      .filter((p) => p.roster > 0 || p.attended > 0)
      .sort((a, b) => b.attended - a.attended || b.roster - a.roster || Number(a.projectId) - Number(b.projectId))
      .slice(0, 10),
    gender: byDictionary(c, 'gender', [...genderRows].map(([code, n]) => ({ code, n }))).filter((g) => g.code !== '' || g.count > 0),
    age,
  };
}
