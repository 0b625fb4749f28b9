// GET /prod-api/api/TyScreen/AiRecognition — AI识别 (docs/ai-recognition.md): the AI camera events
// (AiEvent, written by device ingestion with their snapshots) of the projects in scope: today's by type, the
// last 24 hours by hour and the last 7 days by day (with the handled ones), the 24 newest with their
// snapshots, the cameras (video devices that have sent events) with today's and the week's counts, and the
// handled rate of the week.
import { sql } from 'kysely';
import type { AiRecognition } from '../../common/screens/ai-recognition';
import { byDictionary, nameOf, type ScreenContext } from './context';
import { count, cstDate, cstDay, cstMidnight, dayText, iso, lastDays, percent, textOf } from './format';
import type { ProjectIds } from './scope';

export type { AiRecognition };

const HOUR_MS = 3_600_000;
/** handleStatus of a handled event. */
export const AI_HANDLED = '2';

/**
 * `source`: the week's days before today from rollup_ai_day (rollups.ts) and today from the raw events, or
 * every day from the raw events ('raw', the reference of the rollups' test).
 */
export async function aiRecognition(c: ScreenContext, projects: ProjectIds, source: 'rollups' | 'raw' = 'rollups'): Promise<AiRecognition> {
  const nowIso = c.now.toISOString();
  const today = cstDate(c.now);
  const todayFrom = cstMidnight(today).toISOString();
  const days = lastDays(today, 7);
  const weekFrom = cstMidnight(days[0]).toISOString();
  const hourStart = Math.floor(c.now.getTime() / HOUR_MS) * HOUR_MS;
  const hoursFrom = new Date(hourStart - 23 * HOUR_MS).toISOString();
  const e = sql.id(c.t.aiEvent);

  const [typeRows, hourRows, dayRows, latestRows, cameraRows] = await Promise.all([
    sql<{ code: unknown; n: unknown }>`
      select event_type as code, count(*) as n from ${e}
      where project_id in (${projects}) and event_time >= ${todayFrom}::timestamptz and event_time <= ${nowIso}::timestamptz
      group by event_type`.execute(c.db),
    sql<{ hour: unknown; n: unknown }>`
      select date_trunc('hour', event_time) as hour, count(*) as n from ${e}
      where project_id in (${projects}) and event_time >= ${hoursFrom}::timestamptz and event_time <= ${nowIso}::timestamptz
      group by 1`.execute(c.db),
    // The week's events by day and camera, read once: the daily bars and each camera's today and week.
    sql<{ day: string; project_id: unknown; device_code: unknown; n: unknown; handled: unknown }>`
      ${source === 'rollups' ? sql`select ${dayText(sql.ref('r.day'))} as day, r.project_id, r.device_code, r.n, r.n_handled as handled
        from rollup_ai_day r where r.project_id in (${projects}) and r.day >= ${days[0]}::date and r.day < ${today}::date and r.n > 0
        union all ` : sql``}
      select ${dayText(cstDay(sql.ref('event_time')))} as day, project_id, coalesce(device_code, '') as device_code, count(*) as n,
        count(*) filter (where handle_status = ${AI_HANDLED}) as handled
      from ${e}
      where project_id in (${projects}) and event_time >= ${source === 'rollups' ? todayFrom : weekFrom}::timestamptz and event_time <= ${nowIso}::timestamptz
      group by 1, 2, 3`.execute(c.db),
    sql<Record<string, unknown>>`
      select a.id, a.event_time, a.project_id, p.name as project_name, a.device_code, d.device_name, d.install_position,
        a.event_type, a.message, a.snapshot, a.handle_status, a.handler
      from ${e} a
      join projects p on p.id = a.project_id
      left join ${sql.id(c.t.device)} d on d.device_code = a.device_code and d.project_id = a.project_id and d.if_del = 0
      where a.project_id in (${projects}) and a.event_time <= ${nowIso}::timestamptz
      order by a.event_time desc, a.id desc limit 24`.execute(c.db),
    sql<Record<string, unknown>>`
      select d.id, d.project_id, d.device_code, d.device_name, d.install_position, d.online, p.name as project_name
      from ${sql.id(c.t.device)} d
      join projects p on p.id = d.project_id
      where d.project_id in (${projects}) and d.if_del = 0 and d.device_kind = 'video'
        and exists (select 1 from rollup_ai_device r where r.project_id = d.project_id and r.device_code = d.device_code and r.n > 0)`.execute(c.db),
  ]);

  const byHour = new Map(hourRows.rows.map((r) => [iso(r.hour), count(r.n)]));
  const byDay = new Map<string, { n: number; handled: number }>();
  const byCamera = new Map<string, { today: number; week: number }>();
  for (const r of dayRows.rows) {
    const d = byDay.get(r.day) ?? { n: 0, handled: 0 };
    byDay.set(r.day, { n: d.n + count(r.n), handled: d.handled + count(r.handled) });
    const key = `${textOf(r.project_id)}|${textOf(r.device_code)}`;
    const cam = byCamera.get(key) ?? { today: 0, week: 0 };
    byCamera.set(key, { today: cam.today + (r.day === today ? count(r.n) : 0), week: cam.week + count(r.n) });
  }
  const daily = days.map((date) => ({ date, count: byDay.get(date)?.n ?? 0, handled: byDay.get(date)?.handled ?? 0 }));
  const week = daily.reduce((s, d) => s + d.count, 0);
  const weekHandled = daily.reduce((s, d) => s + d.handled, 0);
  const byType = byDictionary(c, 'aiEventType', typeRows.rows);
  const todayCount = byType.reduce((s, t) => s + t.count, 0);
  const todayHandled = byDay.get(today)?.handled ?? 0;
  // The busiest cameras today first, then of the week, then in ledger order.
  const cameras = cameraRows.rows
    .map((r) => ({ id: Number(r.id), r, ...(byCamera.get(`${textOf(r.project_id)}|${textOf(r.device_code)}`) ?? { today: 0, week: 0 }) }))
    .sort((a, b) => b.today - a.today || b.week - a.week || a.id - b.id)
    .map(({ r, today: onDay, week: inWeek }) => ({
      deviceCode: textOf(r.device_code),
      deviceName: textOf(r.device_name),
      projectName: textOf(r.project_name),
      installPosition: textOf(r.install_position),
      online: r.online === true,
      today: onDay,
      week: inWeek,
    }));
  return {
    updatedAt: nowIso,
    summary: {
      today: todayCount,
      unhandledToday: Math.max(0, todayCount - todayHandled),
      week,
      handledRate: percent(weekHandled, week),
      cameras: cameras.length,
      online: cameras.filter((x) => x.online).length,
    },
    byType,
    hourly: Array.from({ length: 24 }, (_, i) => {
      const hour = new Date(hourStart - (23 - i) * HOUR_MS).toISOString();
      return { hour, count: byHour.get(hour) ?? 0 };
    }),
    daily,
    latest: latestRows.rows.map((r) => ({
      id: String(r.id),
      time: iso(r.event_time),
      projectId: String(r.project_id),
      projectName: textOf(r.project_name),
      deviceCode: textOf(r.device_code),
      deviceName: textOf(r.device_name),
      installPosition: textOf(r.install_position),
      type: textOf(r.event_type),
      typeName: nameOf(c, 'aiEventType', textOf(r.event_type)),
      message: textOf(r.message),
      snapshot: textOf(r.snapshot).split(',')[0] ?? '',
      handled: r.handle_status === '2',
      handler: textOf(r.handler),
    })),
    cameras,
  };
}
