// GET /prod-api/api/TyScreen/Tunnel — 隧道管理 (docs/tunnel.md): the tunnel faces of the projects in scope
// (TunnelSection) with their excavated length from the daily advance (TunnelAdvance) and where each face
// stands; the last 14 days' advance per face; who is inside now — the tags whose latest positioning reading
// (TunnelPosition, the last 24 hours) is an entry, in the zone of that reader (its 安装位置) —; the newest
// gas and ventilation reading of each tunnel detector (TunnelGasReading) with the limits of the thresholds;
// and the alarms of the tunnel devices. A project without tunnel data answers empty lists and zeros.
import { sql } from 'kysely';
import type { Tunnel, TunnelFace, TunnelGasLimit, TunnelTube } from '../../common/screens/tunnel';
import { Thresholds, type Metric } from '../devices/thresholds';
import { deviceAlarmList } from './alarms';
import { nameOf, type ScreenContext } from './context';
import { addDays, count, cstDate, cstMidnight, dayText, iso, isoOrNull, lastDays, num, percent, textOf } from './format';
import type { ProjectIds } from './scope';
import { TUNNEL_LIMITS } from '../devices/limits';

export type { Tunnel };

/** The device kinds of a tunnel (monitorDeviceKind): gas and ventilation detectors, positioning readers. */
export const TUNNEL_DEVICE_KINDS = ['tunnelGas', 'positioning'] as const;

const GAS_METRICS: ReadonlyArray<{ metric: TunnelGasLimit['metric']; label: string; unit: string; fallback: { upper: number | null; lower: number | null } }> = [
  { metric: 'o2', label: '氧气', unit: '%', fallback: { upper: TUNNEL_LIMITS.o2High, lower: TUNNEL_LIMITS.o2Low } },
  { metric: 'co', label: '一氧化碳', unit: 'ppm', fallback: { upper: TUNNEL_LIMITS.co, lower: null } },
  { metric: 'ch4', label: '甲烷', unit: '%', fallback: { upper: TUNNEL_LIMITS.ch4, lower: null } },
  { metric: 'h2s', label: '硫化氢', unit: 'ppm', fallback: { upper: TUNNEL_LIMITS.h2s, lower: null } },
  { metric: 'windSpeed', label: '风速', unit: 'm/s', fallback: { upper: TUNNEL_LIMITS.windHigh, lower: TUNNEL_LIMITS.windLow } },
  { metric: 'temperature', label: '温度', unit: '℃', fallback: { upper: TUNNEL_LIMITS.temperature, lower: null } },
];

const round1 = (v: number): number => Math.round(v * 10) / 10;

export async function tunnel(c: ScreenContext, projects: ProjectIds): Promise<Tunnel> {
  const nowIso = c.now.toISOString();
  const today = cstDate(c.now);
  const days = lastDays(today, 14);
  const weekFrom = addDays(today, -6);
  const monthFrom = `${today.slice(0, 7)}-01`;
  const dayFrom = new Date(c.now.getTime() - 86_400_000).toISOString();
  const kinds = sql.join(TUNNEL_DEVICE_KINDS.map((k) => sql.lit(k)));

  const [faceRows, advanceRows, monthRow, peopleRows, gasRows, alarmCounts, alarms] = await Promise.all([
    sql<Record<string, unknown>>`
      select s.id, s.project_id, p.name as project_name, s.tunnel_name, s.section_name, s.face_kind, s.design_length,
        s.start_chainage, s.end_chainage, s.heading, s.excavation_method, s.rock_grade, ${dayText(sql.ref('s.start_date'))} as start_date,
        coalesce(sum(a.advance), 0) as excavated,
        sum(a.advance) filter (where a.advance_date = ${today}::date) as today_advance,
        coalesce(sum(a.advance) filter (where a.advance_date >= ${weekFrom}::date), 0) as week_advance,
        (select a2.rock_grade from ${sql.id(c.t.tunnelAdvance)} a2 where a2.section_id = s.id and a2.if_del = 0 and a2.rock_grade is not null
          and a2.advance_date <= ${today}::date order by a2.advance_date desc limit 1) as latest_grade
      from ${sql.id(c.t.tunnelSection)} s
      join projects p on p.id = s.project_id
      left join ${sql.id(c.t.tunnelAdvance)} a on a.section_id = s.id and a.if_del = 0 and a.advance_date <= ${today}::date
      where s.project_id in (${projects}) and s.if_del = 0
      group by s.id, p.name
      order by s.project_id, s.id`.execute(c.db),
    sql<{ section_id: unknown; day: string; advance: unknown }>`
      select a.section_id, ${dayText(sql.ref('a.advance_date'))} as day, sum(a.advance) as advance
      from ${sql.id(c.t.tunnelAdvance)} a
      join ${sql.id(c.t.tunnelSection)} s on s.id = a.section_id and s.if_del = 0
      where a.project_id in (${projects}) and a.if_del = 0 and a.advance_date >= ${days[0]}::date and a.advance_date <= ${today}::date
      group by a.section_id, a.advance_date`.execute(c.db),
    sql<{ total: unknown }>`
      select coalesce(sum(a.advance), 0) as total from ${sql.id(c.t.tunnelAdvance)} a
      join ${sql.id(c.t.tunnelSection)} s on s.id = a.section_id and s.if_del = 0
      where a.project_id in (${projects}) and a.if_del = 0 and a.advance_date >= ${monthFrom}::date and a.advance_date <= ${today}::date`.execute(c.db),
    sql<Record<string, unknown>>`
      select * from (
        select distinct on (r.project_id, r.tag_code) r.tag_code, r.direction, r.reading_time, r.device_code,
          coalesce(nullif(d.install_position, ''), d.device_name, r.device_code) as zone, t.worker_name, t.team_name
        from ${sql.id(c.t.tunnelPosition)} r
        left join ${sql.id(c.t.device)} d on d.device_code = r.device_code and d.project_id = r.project_id and d.if_del = 0
        left join ${sql.id(c.t.positionTag)} t on t.project_id = r.project_id and t.tag_code = r.tag_code and t.if_del = 0
        where r.project_id in (${projects}) and r.reading_time > ${dayFrom}::timestamptz and r.reading_time <= ${nowIso}::timestamptz
        order by r.project_id, r.tag_code, r.reading_time desc, r.id desc
      ) latest where direction = 'in'
      order by zone, reading_time`.execute(c.db),
    sql<Record<string, unknown>>`
      select d.device_code, d.device_name, d.install_position, d.online, d.company_id,
        g.reading_time, g.o2, g.co, g.ch4, g.h2s, g.wind_speed, g.temperature
      from ${sql.id(c.t.device)} d
      left join lateral (
        select * from ${sql.id(c.t.tunnelGas)} r where r.device_code = d.device_code and r.reading_time <= ${nowIso}::timestamptz
        order by r.reading_time desc, r.id desc limit 1
      ) g on true
      where d.project_id in (${projects}) and d.if_del = 0 and d.device_kind = 'tunnelGas'
      order by d.id`.execute(c.db),
    // Per tunnel device: today's alarms through (device_code, project_id, alarm_time), the unhandled ones
    // through the partial index on handled = false — a scope without tunnel devices reads no alarm.
    sql<{ today: unknown; unhandled: unknown }>`
      select coalesce(sum(x.today), 0) as today, coalesce(sum(x.unhandled), 0) as unhandled from (
        select
          (select count(*) from ${sql.id(c.t.alarm)} a where a.device_code = d.device_code and a.project_id = d.project_id
            and a.alarm_time >= ${cstMidnight(today).toISOString()}::timestamptz and a.alarm_time <= ${nowIso}::timestamptz) as today,
          (select count(*) from ${sql.id(c.t.alarm)} a where a.device_code = d.device_code and a.project_id = d.project_id
            and a.handled = false and a.alarm_time <= ${nowIso}::timestamptz) as unhandled
        from ${sql.id(c.t.device)} d
        where d.project_id in (${projects}) and d.if_del = 0 and d.device_kind in (${kinds})
      ) x`.execute(c.db),
    deviceAlarmList(c, projects, sql<boolean>`d.device_kind in (${kinds})`, 20),
  ]);

  const faces: TunnelFace[] = faceRows.rows.map((r) => {
    const design = Number(r.design_length ?? 0);
    const start = Number(r.start_chainage ?? 0);
    const end = Number(r.end_chainage ?? 0);
    const excavated = round1(Math.min(design, Number(r.excavated ?? 0)));
    const heading = r.heading === 'down' ? 'down' : 'up';
    const grade = textOf(r.latest_grade ?? r.rock_grade);
    return {
      id: String(r.id),
      projectId: String(r.project_id),
      tunnelName: textOf(r.tunnel_name),
      sectionName: textOf(r.section_name),
      faceKindName: nameOf(c, 'tunnelFaceKind', textOf(r.face_kind)),
      designLength: design,
      startChainage: start,
      endChainage: end,
      heading,
      excavationMethodName: r.excavation_method ? nameOf(c, 'tunnelExcavationMethod', textOf(r.excavation_method)) : '',
      rockGrade: grade,
      rockGradeName: grade ? nameOf(c, 'rockGrade', grade) : '',
      startDate: r.start_date ? textOf(r.start_date) : null,
      excavated,
      progress: percent(excavated, design),
      facePosition: round1(heading === 'up' ? start + excavated : end - excavated),
      todayAdvance: num(r.today_advance),
      weekAdvance: round1(Number(r.week_advance ?? 0)),
    };
  });

  const tubes = new Map<string, TunnelTube>();
  for (const [i, f] of faces.entries()) {
    const key = `${f.projectId}\u0000${f.tunnelName}`;
    const tube = tubes.get(key) ?? {
      tunnelName: f.tunnelName,
      projectName: textOf(faceRows.rows[i].project_name),
      startChainage: f.startChainage,
      endChainage: f.endChainage,
      designLength: 0,
      excavated: 0,
      progress: 0,
      faceIds: [],
    };
    tube.startChainage = Math.min(tube.startChainage, f.startChainage);
    tube.endChainage = Math.max(tube.endChainage, f.endChainage);
    tube.designLength = round1(tube.designLength + f.designLength);
    tube.excavated = round1(tube.excavated + f.excavated);
    tube.progress = percent(tube.excavated, tube.designLength);
    tube.faceIds.push(f.id);
    tubes.set(key, tube);
  }

  const perDay = new Map(advanceRows.rows.map((r) => [`${String(r.section_id)}\u0000${r.day}`, round1(Number(r.advance))]));
  const series = faces.map((f) => ({
    faceId: f.id,
    name: `${f.tunnelName.replace(/隧道/, '')}${f.sectionName}`,
    values: days.map((d) => perDay.get(`${f.id}\u0000${d}`) ?? null),
  }));

  const list = peopleRows.rows.map((r) => ({
    tagCode: textOf(r.tag_code),
    workerName: textOf(r.worker_name) || `标签${textOf(r.tag_code)}`,
    teamName: textOf(r.team_name),
    zone: textOf(r.zone),
    since: iso(r.reading_time),
  }));
  const zoneCounts = new Map<string, number>();
  for (const p of list) zoneCounts.set(p.zone, (zoneCounts.get(p.zone) ?? 0) + 1);

  const limits = await gasLimits(c, gasRows.rows[0]?.company_id);
  const totalDesign = round1(faces.reduce((s, f) => s + f.designLength, 0));
  const totalExcavated = round1(faces.reduce((s, f) => s + f.excavated, 0));
  return {
    updatedAt: nowIso,
    summary: {
      tubes: tubes.size,
      faces: faces.length,
      designLength: totalDesign,
      excavated: totalExcavated,
      progress: percent(totalExcavated, totalDesign),
      todayAdvance: round1(faces.reduce((s, f) => s + (f.todayAdvance ?? 0), 0)),
      monthAdvance: round1(Number(monthRow.rows[0]?.total ?? 0)),
      inside: list.length,
      alarmsToday: count(alarmCounts.rows[0]?.today),
      unhandled: count(alarmCounts.rows[0]?.unhandled),
    },
    tubes: [...tubes.values()],
    faces,
    advance: { days, series },
    people: { inside: list.length, zones: [...zoneCounts].map(([zone, n]) => ({ zone, count: n })), list },
    gas: {
      limits,
      devices: gasRows.rows.map((r) => ({
        deviceCode: textOf(r.device_code),
        deviceName: textOf(r.device_name),
        installPosition: textOf(r.install_position),
        online: r.online === true,
        time: isoOrNull(r.reading_time),
        o2: num(r.o2),
        co: num(r.co),
        ch4: num(r.ch4),
        h2s: num(r.h2s),
        windSpeed: num(r.wind_speed),
        temperature: num(r.temperature),
      })),
    },
    alarms,
  };
}

/** The limits of the tunnel detectors' company (the thresholds of kind tunnelGas, nearest company up), else the seeded defaults. */
async function gasLimits(c: ScreenContext, companyId: unknown): Promise<TunnelGasLimit[]> {
  const thresholds = new Thresholds(c.db, c.t.threshold);
  const device = { companyId: companyId === null || companyId === undefined ? null : Number(companyId), kind: 'tunnelGas', pm10Threshold: null, noiseDayThreshold: null, noiseNightThreshold: null };
  const out: TunnelGasLimit[] = [];
  // One after another: the first call loads the thresholds, the others read them.
  for (const m of GAS_METRICS) {
    const found = device.companyId === null ? null : await thresholds.limitsOf(device, m.metric as Metric);
    out.push({ metric: m.metric, label: m.label, unit: m.unit, upper: found ? found.upper : m.fallback.upper, lower: found ? found.lower : m.fallback.lower });
  }
  return out;
}
