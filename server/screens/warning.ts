// GET /prod-api/api/TyScreen/Warning: the warning centre screen (预警中心, §2.4 warning) — unhandled
// alarms by level and kind, today's alarms, a 7-day trend, the 50 newest alarms, and overdue hazards as
// warnings (docs/screens-api.md).
import { sql } from 'kysely';
import type { Warning } from '../../common/screens/warning';
import { alarmList, alarmTallies, openAlarms, openBy } from './alarms';
import { byDictionary, type ScreenContext } from './context';
import { cstDate, lastDays } from './format';
import { hazardList, overdueHazardCount, overdueOn } from './quality-safety';
import type { ProjectIds } from './scope';

export type { Warning };

export async function warning(c: ScreenContext, projects: ProjectIds): Promise<Warning> {
  const nowIso = c.now.toISOString();
  const today = cstDate(c.now);
  const days = lastDays(today, 7);
  // Counts from the rollups (alarms.ts): unhandled over all history, the last 7 days; overdue hazards
  // (quality-safety.ts); the 20 longest overdue along Hazard's partial index of open ones by deadline.
  const [open, week, alarms, overdueCount, overdue] = await Promise.all([
    openAlarms(c, projects),
    alarmTallies(c, projects, days[0], ['day']),
    alarmList(c, projects, sql<boolean>`a.alarm_time <= ${nowIso}::timestamptz`, 50),
    overdueHazardCount(c, projects),
    hazardList(c, projects, overdueOn(today), sql`h.rectify_deadline, h.id`, 20),
  ]);
  const perDay = new Map(week.map((t) => [t.day, t]));
  const todays = perDay.get(today);
  return {
    updatedAt: nowIso,
    summary: {
      unhandled: open.reduce((n, o) => n + o.n, 0),
      today: todays?.n ?? 0,
      todayUnhandled: todays?.open ?? 0,
      overdueHazards: overdueCount,
    },
    unhandledByLevel: byDictionary(c, 'alarmLevel', openBy(open, 'level')),
    unhandledByKind: byDictionary(c, 'alarmKind', openBy(open, 'kind')).filter((k) => k.count > 0),
    trend: days.map((date) => ({ date, total: perDay.get(date)?.n ?? 0, handled: perDay.get(date)?.handled ?? 0 })),
    alarms,
    overdueHazards: overdue,
  };
}
