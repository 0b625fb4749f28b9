// GET /prod-api/api/TyScreen/Danger: the special-equipment screen (特种设备, §2.4 danger) — tower cranes
// and construction lifts: counts, the latest reading of each, their alarms of the last 24 hours and the
// hourly peak load of the last 24 hours (docs/screens-api.md).
import { sql } from 'kysely';
import type { Danger } from '../../common/screens/danger';
import type { DeviceCounts } from '../../common/screens/devices';
import { alarmList } from './alarms';
import { byDictionary, nameOf, type ScreenContext } from './context';
import { deviceStats } from './device-stats';
import { iso, isoOrNull, num, textOf } from './format';
import type { ProjectIds } from './scope';
import { CRANE_LIMITS } from '../devices/limits';

export const SPECIAL_KINDS = ['towerCrane', 'lift'] as const;

export type { Danger };

const KINDS = sql.join(SPECIAL_KINDS.map((k) => sql.lit(k)));

export async function danger(c: ScreenContext, projects: ProjectIds): Promise<Danger> {
  const nowIso = c.now.toISOString();
  const since = new Date(c.now.getTime() - 24 * 3_600_000).toISOString();
  const ofSpecialDevice = sql<boolean>`d.device_kind in (${KINDS}) and a.alarm_time > ${since}::timestamptz and a.alarm_time <= ${nowIso}::timestamptz`;
  const [stats, deviceRows, alarmKinds, list, trendRows] = await Promise.all([
    deviceStats(c.db, c.t, projects, c.dict('monitorDeviceKind')),
    // The newest reading of each device: one index probe per device (device_code, reading_time).
    sql<Record<string, unknown>>`
      select d.id, d.device_code, d.device_name, d.device_kind, d.project_id, p.name as project_name, d.install_position,
        d.online, d.last_seen_at,
        exists (select 1 from ${sql.id(c.t.alarm)} a where a.device_code = d.device_code and a.project_id = d.project_id and a.handled = false) as alarming,
        r.reading_time, r.load_ratio, r.moment_ratio, r.height, r.radius, r.wind_speed, r.tilt, r.load_kg, r.floor
      from ${sql.id(c.t.device)} d
      join projects p on p.id = d.project_id
      left join lateral (
        select * from ${sql.id(c.t.crane)} x
        where x.device_code = d.device_code and x.project_id = d.project_id and x.reading_time <= ${nowIso}::timestamptz
        order by x.reading_time desc limit 1
      ) r on true
      where d.if_del = 0 and d.project_id in (${projects}) and d.device_kind in (${KINDS})
      order by d.device_kind desc, d.project_id, d.device_code`.execute(c.db),
    sql<{ code: string; n: unknown }>`
      select a.alarm_kind as code, count(*) as n
      from ${sql.id(c.t.alarm)} a join ${sql.id(c.t.device)} d on d.device_code = a.device_code and d.project_id = a.project_id and d.if_del = 0
      where a.project_id in (${projects}) and ${ofSpecialDevice}
      group by a.alarm_kind`.execute(c.db),
    alarmList(c, projects, ofSpecialDevice, 20),
    sql<Record<string, unknown>>`
      select h.hour,
        max(x.load_ratio) filter (where d.device_kind = 'towerCrane') as crane_load,
        max(x.moment_ratio) filter (where d.device_kind = 'towerCrane') as crane_moment,
        max(x.load_ratio) filter (where d.device_kind = 'lift') as lift_load
      from generate_series(date_trunc('hour', ${nowIso}::timestamptz) - interval '23 hours', date_trunc('hour', ${nowIso}::timestamptz), interval '1 hour') as h(hour)
      left join ${sql.id(c.t.crane)} x
        on x.reading_time >= h.hour and x.reading_time < h.hour + interval '1 hour' and x.project_id in (${projects})
      left join ${sql.id(c.t.device)} d on d.device_code = x.device_code and d.project_id = x.project_id and d.if_del = 0
      group by h.hour order by h.hour`.execute(c.db),
  ]);

  const kindCounts = (kind: string): DeviceCounts => {
    const k = stats.byKind.find((b) => b.kind === kind);
    return { total: k?.total ?? 0, online: k?.online ?? 0, offline: k?.offline ?? 0, alarm: k?.alarm ?? 0 };
  };
  const byKind = byDictionary(c, 'alarmKind', alarmKinds.rows).filter((k) => k.count > 0);
  return {
    updatedAt: c.now.toISOString(),
    limits: CRANE_LIMITS,
    towerCrane: kindCounts('towerCrane'),
    lift: kindCounts('lift'),
    devices: deviceRows.rows.map((r) => ({
      id: String(r.id),
      deviceCode: textOf(r.device_code),
      deviceName: textOf(r.device_name),
      kind: textOf(r.device_kind),
      kindName: nameOf(c, 'monitorDeviceKind', textOf(r.device_kind)),
      projectId: String(r.project_id),
      projectName: textOf(r.project_name),
      installPosition: textOf(r.install_position),
      online: r.online === true,
      lastSeenAt: isoOrNull(r.last_seen_at),
      alarming: r.alarming === true,
      latest:
        r.reading_time === null || r.reading_time === undefined
          ? null
          : {
              time: iso(r.reading_time),
              loadRatio: num(r.load_ratio),
              momentRatio: num(r.moment_ratio),
              height: num(r.height),
              radius: num(r.radius),
              windSpeed: num(r.wind_speed),
              tilt: num(r.tilt),
              loadKg: num(r.load_kg),
              floor: num(r.floor),
            },
    })),
    alarms24h: { total: byKind.reduce((n, k) => n + k.count, 0), byKind, list },
    trend: trendRows.rows.map((r) => ({ hour: iso(r.hour), craneLoad: num(r.crane_load), craneMoment: num(r.crane_moment), liftLoad: num(r.lift_load) })),
  };
}
