// GET /prod-api/api/TyScreen/Report: the statistics report screen (统计报表, §2.4 report) — monthly
// totals of the last 12 months (China Standard Time months, the current one included): attendance
// person-days and hours, alarms (also by kind), hazards found and closed, vehicle entries and exits —
// read from the per-day rollups (rollups.ts); `reportFrom(…, 'raw')` aggregates the raw rows, the reference.
import { sql } from 'kysely';
import type { Report, ReportMonth } from '../../common/screens/report';
import { HAZARD_CLOSED } from './quality-safety';
import type { ScreenContext } from './context';
import { addDays, count, cstDate, cstMidnight, lastMonths, monthText } from './format';
import type { ProjectIds } from './scope';

export type { Report };

type MonthCount = { month: string; k?: string; a: unknown; b?: unknown };

type MonthlyRows = [attendance: MonthCount[], alarms: MonthCount[], found: MonthCount[], closed: MonthCount[], passages: MonthCount[]];

/** The monthly counts from the per-day rollups (server/screens/rollups.ts): what the screen reads. */
async function fromRollups(c: ScreenContext, projects: ProjectIds, firstDay: string, today: string): Promise<MonthlyRows> {
  const month = monthText(sql.ref('r.day'));
  const within = sql`r.project_id in (${projects}) and r.day >= ${firstDay}::date and r.day <= ${today}::date`;
  const results = await Promise.all([
    sql<MonthCount>`select ${month} as month, sum(r.person_days) as a, sum(r.hours) as b from rollup_attendance_day r where ${within} group by 1`.execute(c.db),
    sql<MonthCount>`select ${month} as month, r.kind as k, sum(r.n) as a from rollup_alarm_day r where ${within} group by 1, 2`.execute(c.db),
    sql<MonthCount>`select ${month} as month, sum(r.n) as a from rollup_hazard_found_day r where ${within} group by 1`.execute(c.db),
    sql<MonthCount>`select ${month} as month, sum(r.n) as a from rollup_hazard_closed_day r where ${within} group by 1`.execute(c.db),
    sql<MonthCount>`select ${month} as month, sum(r.n_in) as a, sum(r.n_out) as b from rollup_vehicle_day r where ${within} group by 1`.execute(c.db),
  ]);
  return results.map((r) => r.rows) as MonthlyRows;
}

/** The same counts aggregated from the raw rows: the reference of the rollups' tests and benchmark. */
async function fromRawRows(c: ScreenContext, projects: ProjectIds, firstDay: string, today: string): Promise<MonthlyRows> {
  const from = cstMidnight(firstDay).toISOString();
  const until = cstMidnight(addDays(today, 1)).toISOString();
  const cstMonth = (column: string) => monthText(sql`${sql.ref(column)} at time zone 'Asia/Shanghai'`);
  const inPeriod = (column: string) => sql`${sql.ref(column)} >= ${from}::timestamptz and ${sql.ref(column)} < ${until}::timestamptz`;
  const results = await Promise.all([
    sql<MonthCount>`
      select ${monthText(sql.ref('a.work_date'))} as month, count(*) as a, coalesce(sum(a.work_hours), 0) as b
      from ${sql.id(c.t.attendance)} a
      where a.project_id in (${projects}) and a.work_date >= ${firstDay}::date and a.work_date <= ${today}::date
      group by 1`.execute(c.db),
    sql<MonthCount>`
      select ${cstMonth('x.alarm_time')} as month, coalesce(x.alarm_kind, '') as k, count(*) as a
      from ${sql.id(c.t.alarm)} x where x.project_id in (${projects}) and ${inPeriod('x.alarm_time')}
      group by 1, 2`.execute(c.db),
    sql<MonthCount>`
      select ${cstMonth('h.found_at')} as month, count(*) as a
      from ${sql.id(c.t.hazard)} h where h.if_del = 0 and h.project_id in (${projects}) and ${inPeriod('h.found_at')}
      group by 1`.execute(c.db),
    sql<MonthCount>`
      select ${cstMonth('h.closed_at')} as month, count(*) as a
      from ${sql.id(c.t.hazard)} h
      where h.if_del = 0 and h.status = ${HAZARD_CLOSED} and h.project_id in (${projects}) and ${inPeriod('h.closed_at')}
      group by 1`.execute(c.db),
    sql<MonthCount>`
      select ${cstMonth('v.pass_time')} as month, count(*) filter (where v.direction = 'in') as a, count(*) filter (where v.direction = 'out') as b
      from ${sql.id(c.t.vehicle)} v where v.project_id in (${projects}) and ${inPeriod('v.pass_time')}
      group by 1`.execute(c.db),
  ]);
  return results.map((r) => r.rows) as MonthlyRows;
}

export const report = (c: ScreenContext, projects: ProjectIds): Promise<Report> => reportFrom(c, projects, 'rollups');

/** The report of the last 12 months, read from the rollups (the screen) or from the raw rows (the reference). */
export async function reportFrom(c: ScreenContext, projects: ProjectIds, source: 'rollups' | 'raw'): Promise<Report> {
  const nowIso = c.now.toISOString();
  const today = cstDate(c.now);
  const months = lastMonths(today, 12);
  const firstDay = `${months[0]}-01`;
  const [attendance, alarms, found, closed, passages] = await (source === 'rollups' ? fromRollups : fromRawRows)(c, projects, firstDay, today);
  const byMonth = (rows: MonthCount[]) => new Map(rows.map((r) => [r.month, r]));
  const att = byMonth(attendance);
  const fnd = byMonth(found);
  const cls = byMonth(closed);
  const veh = byMonth(passages);
  const alarmTotals = new Map<string, number>();
  const kindCounts = new Map<string, number[]>();
  for (const r of alarms) {
    alarmTotals.set(r.month, (alarmTotals.get(r.month) ?? 0) + count(r.a));
    const i = months.indexOf(r.month);
    const kind = String(r.k);
    if (i < 0) continue;
    const counts = kindCounts.get(kind) ?? months.map(() => 0);
    counts[i] += count(r.a);
    kindCounts.set(kind, counts);
  }

  const rows: ReportMonth[] = months.map((month) => ({
    month,
    personDays: count(att.get(month)?.a),
    personHours: Math.round(Number(att.get(month)?.b ?? 0) * 10) / 10,
    alarms: alarmTotals.get(month) ?? 0,
    hazardsFound: count(fnd.get(month)?.a),
    hazardsClosed: count(cls.get(month)?.a),
    vehiclesIn: count(veh.get(month)?.a),
    vehiclesOut: count(veh.get(month)?.b),
  }));
  const sum = (key: keyof Omit<ReportMonth, 'month'>) => Math.round(rows.reduce((n, r) => n + r[key], 0) * 10) / 10;
  const kinds = c.dict('alarmKind');
  const alarmsByKind = [...kinds.map((k) => k.xuHao), ...[...kindCounts.keys()].filter((k) => !kinds.some((o) => o.xuHao === k))]
    .filter((code) => kindCounts.has(code))
    .map((code) => ({ code, name: kinds.find((o) => o.xuHao === code)?.selContent ?? code, counts: kindCounts.get(code)! }));
  return {
    updatedAt: nowIso,
    months: rows,
    alarmsByKind,
    totals: {
      personDays: sum('personDays'),
      personHours: sum('personHours'),
      alarms: sum('alarms'),
      hazardsFound: sum('hazardsFound'),
      hazardsClosed: sum('hazardsClosed'),
      vehiclesIn: sum('vehiclesIn'),
      vehiclesOut: sum('vehiclesOut'),
    },
  };
}
