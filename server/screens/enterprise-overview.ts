// GET /prod-api/api/TyScreen/EnterpriseOverview: every panel of the enterprise overview screen in one
// call (docs/screens-api.md). Each panel is one SQL aggregate over the projects in scope.
import { sql, type Kysely } from 'kysely';
import type { ProjectState } from '../../common/screens/basics';
import type { EnterpriseOverview } from '../../common/screens/enterprise-overview';
import type { DictOption } from '../../common/wire';
import type { Database } from '../db/schema';
import { deviceStats } from './device-stats';
import { envLatestOf, iso, label, num } from './format';
import type { ProjectIds } from './scope';
import { type ScreenTables } from './tables';
import { ENV_LIMITS } from '../devices/limits';

/** §3.5 project status → §3.4 map marker state. */
export const MARKER_STATE: Readonly<Record<number, ProjectState>> = {
  1: 'planning',
  2: 'waitingStart',
  3: 'inProgress',
  4: 'finished',
  5: 'stopped',
};

export type { EnterpriseOverview };

/** Panel keys of this screen, also the keys the Stream's update events name. */
export const ENTERPRISE_PANELS = ['projects', 'markers', 'devices', 'environment', 'alarms'] as const;
export type EnterprisePanel = (typeof ENTERPRISE_PANELS)[number];

export type Dictionaries = {
  projectStatus: readonly DictOption[];
  deviceKind: readonly DictOption[];
  alarmKind: readonly DictOption[];
  alarmLevel: readonly DictOption[];
};

export async function enterpriseOverview(
  db: Kysely<Database>,
  t: ScreenTables,
  projects: ProjectIds,
  dict: Dictionaries,
  now: Date = new Date(),
): Promise<EnterpriseOverview> {
  const [statusRows, markerRows, devices, latestRows, trendRows, alarmRows] = await Promise.all([
    sql<{ status: number; n: string | number }>`
      select status, count(*) as n from projects where id in (${projects}) group by status`.execute(db),
    sql<{ id: string | number; name: string; lng: number; lat: number; status: number }>`
      select id, name, lng, lat, status from projects where id in (${projects}) order by id`.execute(db),
    deviceStats(db, t, projects, dict.deviceKind),
    // The newest dust reading of each project: one index probe per project (project_id, reading_time).
    sql<Record<string, unknown>>`
      select p.id as project_id, p.name as project_name, r.*
      from projects p
      cross join lateral (
        select device_code, reading_time, pm25, pm10, tsp, noise, temperature, humidity, wind_speed, wind_direction
        from ${sql.id(t.env)} e
        where e.project_id = p.id and e.pm10 is not null
        order by e.reading_time desc limit 1
      ) r
      where p.id in (${projects})
      order by p.id`.execute(db),
    sql<{ hour: Date | string; pm25: unknown; pm10: unknown; noise: unknown }>`
      select h.hour,
        round(avg(e.pm25)::numeric, 1) as pm25,
        round(avg(e.pm10)::numeric, 1) as pm10,
        round(avg(e.noise)::numeric, 1) as noise
      from generate_series(date_trunc('hour', ${now.toISOString()}::timestamptz) - interval '23 hours', date_trunc('hour', ${now.toISOString()}::timestamptz), interval '1 hour') as h(hour)
      left join ${sql.id(t.env)} e
        on e.reading_time >= h.hour and e.reading_time < h.hour + interval '1 hour' and e.project_id in (${projects})
      group by h.hour
      order by h.hour`.execute(db),
    sql<Record<string, unknown>>`
      select a.id, a.alarm_time, a.project_id, p.name as project_name, a.device_code, d.device_name,
        a.alarm_kind, a.alarm_level, a.message, a.value, a.threshold, a.handled
      from ${sql.id(t.alarm)} a
      join projects p on p.id = a.project_id
      left join ${sql.id(t.device)} d on d.device_code = a.device_code and d.project_id = a.project_id and d.if_del = 0
      where a.project_id in (${projects})
      order by a.alarm_time desc, a.id desc
      limit 20`.execute(db),
  ]);

  const byStatusCount = new Map(statusRows.rows.map((r) => [Number(r.status), Number(r.n)]));
  const byStatus = [1, 2, 3, 4, 5].map((status) => ({ status, name: label(dict.projectStatus, String(status)), count: byStatusCount.get(status) ?? 0 }));

  return {
    updatedAt: now.toISOString(),
    projects: { total: byStatus.reduce((n, s) => n + s.count, 0), byStatus },
    markers: markerRows.rows.map((r) => ({
      id: String(r.id),
      title: r.name,
      lng: Number(r.lng),
      lat: Number(r.lat),
      status: Number(r.status),
      state: MARKER_STATE[Number(r.status)] ?? 'planning',
    })),
    devices,
    environment: {
      thresholds: ENV_LIMITS,
      latest: latestRows.rows.map(envLatestOf),
      trend: trendRows.rows.map((r) => ({ hour: iso(r.hour), pm25: num(r.pm25), pm10: num(r.pm10), noise: num(r.noise) })),
    },
    alarms: alarmRows.rows.map((r) => ({
      id: String(r.id),
      time: iso(r.alarm_time),
      projectId: String(r.project_id),
      projectName: String(r.project_name),
      deviceCode: String(r.device_code),
      deviceName: r.device_name === null || r.device_name === undefined ? '' : String(r.device_name),
      kind: String(r.alarm_kind),
      kindName: label(dict.alarmKind, String(r.alarm_kind)),
      level: String(r.alarm_level),
      levelName: label(dict.alarmLevel, String(r.alarm_level)),
      message: String(r.message ?? ''),
      value: num(r.value),
      threshold: num(r.threshold),
      handled: r.handled === true,
    })),
  };
}
