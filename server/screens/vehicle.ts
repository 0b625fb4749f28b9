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
  const [todayRows, onSiteRows, projectRows, hourly, latest] = await Promise.all([
    // Today's passages read once, grouped: the summary, by type, by project and the upload status add up from it.
    sql<{ project_id: unknown; vehicle_type: unknown; direction: unknown; washed: unknown; upload_status: unknown; n: unknown }>`
      select v.project_id, v.vehicle_type, v.direction, v.washed, v.upload_status, count(*) as n
      from ${sql.id(c.t.vehicle)} v where ${today} group by 1, 2, 3, 4, 5`.execute(c.db),
    sql<{ project_id: unknown; n: unknown }>`select s.project_id, count(*) as n from (${onSite}) s where s.direction = 'in' group by 1`.execute(c.db),
    sql<{ id: unknown; name: unknown }>`select p.id, p.name from projects p where p.id in (${projects}) order by p.id`.execute(c.db),
    sql<Record<string, unknown>>`
      select h.hour, count(v.id) filter (where v.direction = 'in') as n_in, count(v.id) filter (where v.direction = 'out') as n_out
      from generate_series(date_trunc('hour', ${nowIso}::timestamptz) - interval '23 hours', date_trunc('hour', ${nowIso}::timestamptz), interval '1 hour') as h(hour)
      left join ${sql.id(c.t.vehicle)} v
        on v.pass_time >= h.hour and v.pass_time < h.hour + interval '1 hour' and v.pass_time <= ${nowIso}::timestamptz and v.project_id in (${projects})
      group by h.hour order by h.hour`.execute(c.db),
    // `nulls last` (none is null here): the pass_time sort index read backwards.
    sql<Record<string, unknown>>`
      select v.*, p.name as project_name from ${sql.id(c.t.vehicle)} v join projects p on p.id = v.project_id
      where v.project_id in (${projects}) and v.pass_time <= ${nowIso}::timestamptz
      order by v.pass_time desc nulls last, v.id desc limit 20`.execute(c.db),
  ]);
  const rows = todayRows.rows.map((r) => ({ ...r, n: count(r.n) }));
  const sum = (keep: (r: (typeof rows)[number]) => boolean) => rows.reduce((n, r) => (keep(r) ? n + r.n : n), 0);
  const typeCounts = new Map<string, { in: number; out: number }>();
  // Upload status as byDictionary keys it: none and '' alike (未填写).
  const uploadCounts = new Map<string, number>();
  for (const r of rows) {
    const t = typeCounts.get(textOf(r.vehicle_type)) ?? { in: 0, out: 0 };
    typeCounts.set(textOf(r.vehicle_type), { in: t.in + (r.direction === 'in' ? r.n : 0), out: t.out + (r.direction === 'out' ? r.n : 0) });
    uploadCounts.set(textOf(r.upload_status), (uploadCounts.get(textOf(r.upload_status)) ?? 0) + r.n);
  }
  const onSiteOf = new Map(onSiteRows.rows.map((r) => [textOf(r.project_id), count(r.n)]));
  const byType = c.dict('vehicleType').map((o) => ({ code: o.xuHao, name: o.selContent, in: typeCounts.get(o.xuHao)?.in ?? 0, out: typeCounts.get(o.xuHao)?.out ?? 0 }));
  for (const [code, t] of typeCounts) if (!byType.some((x) => x.code === code)) byType.push({ code, name: code, ...t });
  return {
    updatedAt: nowIso,
    summary: {
      inToday: sum((r) => r.direction === 'in'),
      outToday: sum((r) => r.direction === 'out'),
      onSite: [...onSiteOf.values()].reduce((n, x) => n + x, 0),
      unwashedToday: sum((r) => r.washed === false),
      uploadFailedToday: sum((r) => r.upload_status === '2'),
    },
    byType,
    byProject: projectRows.rows.map((p) => {
      const mine = (r: (typeof rows)[number]) => textOf(r.project_id) === textOf(p.id);
      return {
        projectId: String(p.id),
        projectName: textOf(p.name),
        in: sum((r) => mine(r) && r.direction === 'in'),
        out: sum((r) => mine(r) && r.direction === 'out'),
        onSite: onSiteOf.get(textOf(p.id)) ?? 0,
      };
    }),
    hourly: hourly.rows.map((r) => ({ hour: iso(r.hour), in: count(r.n_in), out: count(r.n_out) })),
    uploadStatus: byDictionary(c, 'plateUploadStatus', [...uploadCounts].map(([code, n]) => ({ code, n }))),
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
