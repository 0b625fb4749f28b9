// GET /prod-api/api/TyScreen/Warning: the warning centre screen (预警中心, §2.4 warning) — unhandled
// alarms by level and kind, today's alarms, a 7-day trend, the 50 newest alarms, and overdue hazards as
// warnings (docs/screens-api.md).
import { sql } from 'kysely';
import type { Warning } from '../../common/screens/warning';
import { alarmList } from './alarms';
import { byDictionary, type ScreenContext } from './context';
import { count, cstDate, cstDay, cstMidnight, dayText, lastDays } from './format';
import { hazardList, overdueOn } from './quality-safety';
import type { ProjectIds } from './scope';

export type { Warning };

export async function warning(c: ScreenContext, projects: ProjectIds): Promise<Warning> {
  const nowIso = c.now.toISOString();
  const today = cstDate(c.now);
  const days = lastDays(today, 7);
  const todayStart = cstMidnight(today).toISOString();
  const inScope = sql<boolean>`a.project_id in (${projects}) and a.alarm_time <= ${nowIso}::timestamptz`;
  const [summary, levels, kinds, trend, alarms, overdueCount, overdue] = await Promise.all([
    sql<Record<string, unknown>>`
      select count(*) filter (where a.handled = false) as unhandled,
        count(*) filter (where a.alarm_time >= ${todayStart}::timestamptz) as today,
        count(*) filter (where a.alarm_time >= ${todayStart}::timestamptz and a.handled = false) as today_unhandled
      from ${sql.id(c.t.alarm)} a where ${inScope}`.execute(c.db),
    sql<{ code: string; n: unknown }>`
      select a.alarm_level as code, count(*) as n from ${sql.id(c.t.alarm)} a where ${inScope} and a.handled = false group by 1`.execute(c.db),
    sql<{ code: string; n: unknown }>`
      select a.alarm_kind as code, count(*) as n from ${sql.id(c.t.alarm)} a where ${inScope} and a.handled = false group by 1`.execute(c.db),
    sql<{ day: string; total: unknown; handled: unknown }>`
      select ${dayText(cstDay(sql.ref('a.alarm_time')))} as day, count(*) as total, count(*) filter (where a.handled) as handled
      from ${sql.id(c.t.alarm)} a where ${inScope} and a.alarm_time >= ${cstMidnight(days[0]).toISOString()}::timestamptz
      group by 1`.execute(c.db),
    alarmList(c, projects, sql<boolean>`a.alarm_time <= ${nowIso}::timestamptz`, 50),
    sql<{ n: unknown }>`
      select count(*) as n from ${sql.id(c.t.hazard)} h where h.if_del = 0 and h.project_id in (${projects}) and ${overdueOn(today)}`.execute(c.db),
    hazardList(c, projects, overdueOn(today), sql`h.rectify_deadline, h.id`, 20),
  ]);
  const s = summary.rows[0] ?? {};
  const perDay = new Map(trend.rows.map((r) => [r.day, r]));
  return {
    updatedAt: nowIso,
    summary: { unhandled: count(s.unhandled), today: count(s.today), todayUnhandled: count(s.today_unhandled), overdueHazards: count(overdueCount.rows[0]?.n) },
    unhandledByLevel: byDictionary(c, 'alarmLevel', levels.rows),
    unhandledByKind: byDictionary(c, 'alarmKind', kinds.rows).filter((k) => k.count > 0),
    trend: days.map((date) => ({ date, total: count(perDay.get(date)?.total), handled: count(perDay.get(date)?.handled) })),
    alarms,
    overdueHazards: overdue,
  };
}
