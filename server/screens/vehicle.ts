// GET /prod-api/api/TyScreen/Vehicle: the vehicle screen (车辆管理, §2.4 vehicle) over the gate passages
// (schemas/entities/vehicle-passage.json): entries and exits today, vehicles on site, by type and project,
// 24 hourly buckets, plate upload status and the newest passages (docs/screens-api.md). "On site": a plate
// whose newest passage of the last 24 hours is an entry.
import { sql } from 'kysely';
import type { Vehicle } from '../../common/screens/vehicle';
import { byDictionary, nameOf, type ScreenContext } from './context';
import { count, cstDate, cstMidnight, iso, textOf } from './format';
import type { ProjectIds } from './scope';

export type { Vehicle };

export async function vehicle(c: ScreenContext, projects: ProjectIds): Promise<Vehicle> {
  const nowIso = c.now.toISOString();
  const todayStart = cstMidnight(cstDate(c.now)).toISOString();
  const since24h = new Date(c.now.getTime() - 24 * 3_600_000).toISOString();
  const today = sql<boolean>`v.project_id in (${projects}) and v.pass_time >= ${todayStart}::timestamptz and v.pass_time <= ${nowIso}::timestamptz`;
  const onSite = sql`
    select distinct on (v.project_id, v.plate_no) v.project_id, v.plate_no, v.direction
    from ${sql.id(c.t.vehicle)} v
    where v.project_id in (${projects}) and v.pass_time > ${since24h}::timestamptz and v.pass_time <= ${nowIso}::timestamptz
    order by v.project_id, v.plate_no, v.pass_time desc, v.id desc`;
  const [summary, types, perProject, hourly, uploads, latest] = await Promise.all([
    sql<Record<string, unknown>>`
      select count(*) filter (where v.direction = 'in') as in_today, count(*) filter (where v.direction = 'out') as out_today,
        count(*) filter (where v.washed = false) as unwashed, count(*) filter (where v.upload_status = '2') as upload_failed,
        (select count(*) from (${onSite}) s where s.direction = 'in') as on_site
      from ${sql.id(c.t.vehicle)} v where ${today}`.execute(c.db),
    sql<{ code: string; n_in: unknown; n_out: unknown }>`
      select v.vehicle_type as code, count(*) filter (where v.direction = 'in') as n_in, count(*) filter (where v.direction = 'out') as n_out
      from ${sql.id(c.t.vehicle)} v where ${today} group by 1`.execute(c.db),
    sql<Record<string, unknown>>`
      with s as (${onSite})
      select p.id, p.name,
        (select count(*) from ${sql.id(c.t.vehicle)} v where v.project_id = p.id and ${today} and v.direction = 'in') as n_in,
        (select count(*) from ${sql.id(c.t.vehicle)} v where v.project_id = p.id and ${today} and v.direction = 'out') as n_out,
        (select count(*) from s where s.project_id = p.id and s.direction = 'in') as on_site
      from projects p where p.id in (${projects}) order by p.id`.execute(c.db),
    sql<Record<string, unknown>>`
      select h.hour, count(v.id) filter (where v.direction = 'in') as n_in, count(v.id) filter (where v.direction = 'out') as n_out
      from generate_series(date_trunc('hour', ${nowIso}::timestamptz) - interval '23 hours', date_trunc('hour', ${nowIso}::timestamptz), interval '1 hour') as h(hour)
      left join ${sql.id(c.t.vehicle)} v
        on v.pass_time >= h.hour and v.pass_time < h.hour + interval '1 hour' and v.pass_time <= ${nowIso}::timestamptz and v.project_id in (${projects})
      group by h.hour order by h.hour`.execute(c.db),
    sql<{ code: string; n: unknown }>`
      select v.upload_status as code, count(*) as n from ${sql.id(c.t.vehicle)} v where ${today} group by 1`.execute(c.db),
    // `nulls last` (none is null here): the pass_time sort index read backwards.
    sql<Record<string, unknown>>`
      select v.*, p.name as project_name from ${sql.id(c.t.vehicle)} v join projects p on p.id = v.project_id
      where v.project_id in (${projects}) and v.pass_time <= ${nowIso}::timestamptz
      order by v.pass_time desc nulls last, v.id desc limit 20`.execute(c.db),
  ]);
  const s = summary.rows[0] ?? {};
  const typeCounts = new Map(types.rows.map((r) => [textOf(r.code), r]));
  const byType = c.dict('vehicleType').map((o) => ({ code: o.xuHao, name: o.selContent, in: count(typeCounts.get(o.xuHao)?.n_in), out: count(typeCounts.get(o.xuHao)?.n_out) }));
  for (const [code, r] of typeCounts) if (!byType.some((t) => t.code === code)) byType.push({ code, name: code, in: count(r.n_in), out: count(r.n_out) });
  return {
    updatedAt: nowIso,
    summary: {
      inToday: count(s.in_today),
      outToday: count(s.out_today),
      onSite: count(s.on_site),
      unwashedToday: count(s.unwashed),
      uploadFailedToday: count(s.upload_failed),
    },
    byType,
    byProject: perProject.rows.map((r) => ({ projectId: String(r.id), projectName: textOf(r.name), in: count(r.n_in), out: count(r.n_out), onSite: count(r.on_site) })),
    hourly: hourly.rows.map((r) => ({ hour: iso(r.hour), in: count(r.n_in), out: count(r.n_out) })),
    uploadStatus: byDictionary(c, 'plateUploadStatus', uploads.rows),
    latest: latest.rows.map((r) => ({
      id: String(r.id),
      time: iso(r.pass_time),
      projectId: String(r.project_id),
      projectName: textOf(r.project_name),
      plateNo: textOf(r.plate_no),
      vehicleType: textOf(r.vehicle_type),
      typeName: nameOf(c, 'vehicleType', textOf(r.vehicle_type)),
      direction: textOf(r.direction),
      directionName: nameOf(c, 'passageDirection', textOf(r.direction)),
      gateName: textOf(r.gate_name),
      washed: r.washed !== false,
      uploadStatus: textOf(r.upload_status),
      uploadStatusName: nameOf(c, 'plateUploadStatus', textOf(r.upload_status)),
      photo: textOf(r.photo),
    })),
  };
}
