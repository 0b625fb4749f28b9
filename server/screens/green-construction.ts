// GET /prod-api/api/TyScreen/GreenConstruction: the project green-construction screen (项目数据大屏 › 绿色施工,
// docs/environment.md "Screens") — dust and noise now and over 24 hours with today's exceedances, and the
// solid-waste ledger of the last 30 days: generated, transferred, received and disposed (in 吨), by kind
// and per day, the recycling share, the storage points' stock and the newest manifests with their state.
import { sql } from 'kysely';
import type { GreenConstruction, WasteTotals } from '../../common/screens/green-construction';
import { nameOf, type ScreenContext } from './context';
import { environment } from './environment';
import { count, cstDate, cstMidnight, iso, lastDays, num, percent, textOf } from './format';
import type { ProjectIds } from './scope';
import { storageStock } from '../hooks/solid-waste';
import { ENV_LIMITS } from '../devices/limits';

export type { GreenConstruction };

/** Disposal methods that put the waste back to use: 资源化利用, 回填利用, 回收再生. */
const RECYCLED = sql.join(['1', '2', '6'].map((m) => sql.lit(m)));
const DAYS = 30;
const round = (n: number) => Math.round(n * 100) / 100;

export async function greenConstruction(c: ScreenContext, projects: ProjectIds): Promise<GreenConstruction> {
  const nowIso = c.now.toISOString();
  const days = lastDays(cstDate(c.now), DAYS);
  const fromDay = days[0];
  const fromIso = cstMidnight(fromDay).toISOString();
  const t = c.t;
  const [env, totals, kinds, daily, storages, manifests, methods] = await Promise.all([
    environment(c, projects),
    sql<Record<string, unknown>>`
      select
        (select coalesce(sum(quantity), 0) from ${sql.id(t.wasteGeneration)} where if_del = 0 and project_id in (${projects}) and unit = 't' and generated_on >= ${fromDay}::date) as generated,
        (select count(*) from ${sql.id(t.wasteGeneration)} where if_del = 0 and project_id in (${projects}) and unit <> 't' and generated_on >= ${fromDay}::date) as other_units,
        (select coalesce(sum(quantity), 0) from ${sql.id(t.wasteManifest)} where if_del = 0 and project_id in (${projects}) and unit = 't' and status in ('2', '3', '4') and departed_at >= ${fromIso}::timestamptz) as transferred,
        (select coalesce(sum(received_quantity), 0) from ${sql.id(t.wasteManifest)} where if_del = 0 and project_id in (${projects}) and unit = 't' and status in ('3', '4') and received_at >= ${fromIso}::timestamptz) as received,
        (select count(*) from ${sql.id(t.wasteManifest)} where if_del = 0 and project_id in (${projects}) and status in ('1', '2')) as open,
        (select count(*) from ${sql.id(t.wasteManifest)} where if_del = 0 and project_id in (${projects}) and diff_flagged) as flagged,
        (select coalesce(sum(d.quantity), 0) from ${sql.id(t.wasteDisposal)} d join ${sql.id(t.wasteManifest)} m on m.id::text = d.manifest_id
          where d.if_del = 0 and d.project_id in (${projects}) and m.unit = 't' and d.disposed_on >= ${fromDay}::date) as disposed,
        (select coalesce(sum(d.quantity), 0) from ${sql.id(t.wasteDisposal)} d join ${sql.id(t.wasteManifest)} m on m.id::text = d.manifest_id
          where d.if_del = 0 and d.project_id in (${projects}) and m.unit = 't' and d.disposed_on >= ${fromDay}::date and d.method in (${RECYCLED})) as recycled`.execute(c.db),
    sql<Record<string, unknown>>`
      select k.kind as code, coalesce(sum(k.generated), 0) as generated, coalesce(sum(k.transferred), 0) as transferred from (
        select waste_kind as kind, quantity as generated, 0 as transferred from ${sql.id(t.wasteGeneration)}
          where if_del = 0 and project_id in (${projects}) and unit = 't' and generated_on >= ${fromDay}::date
        union all
        select waste_kind, 0, quantity from ${sql.id(t.wasteManifest)}
          where if_del = 0 and project_id in (${projects}) and unit = 't' and status in ('2', '3', '4') and departed_at >= ${fromIso}::timestamptz
      ) k group by k.kind`.execute(c.db),
    sql<Record<string, unknown>>`
      select k.day, coalesce(sum(k.generated), 0) as generated, coalesce(sum(k.transferred), 0) as transferred from (
        select generated_on::text as day, quantity as generated, 0 as transferred from ${sql.id(t.wasteGeneration)}
          where if_del = 0 and project_id in (${projects}) and unit = 't' and generated_on >= ${fromDay}::date
        union all
        select to_char(departed_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD'), 0, quantity from ${sql.id(t.wasteManifest)}
          where if_del = 0 and project_id in (${projects}) and unit = 't' and status in ('2', '3', '4') and departed_at >= ${fromIso}::timestamptz
      ) k group by k.day`.execute(c.db),
    sql<Record<string, unknown>>`
      select s.id, s.storage_name, s.waste_kind, s.capacity, s.unit, p.name as project_name
      from ${sql.id(t.wasteStorage)} s join projects p on p.id = s.project_id
      where s.if_del = 0 and s.project_id in (${projects}) order by s.project_id, s.id limit 50`.execute(c.db),
    sql<Record<string, unknown>>`
      select m.id, m.manifest_no, p.name as project_name, m.waste_kind, m.quantity, m.received_quantity, m.unit, m.plate_no, m.receiver,
        m.status, m.diff_flagged, coalesce(m.returned_at, m.disposed_at, m.received_at, m.departed_at, m.created_at) as at
      from ${sql.id(t.wasteManifest)} m join projects p on p.id = m.project_id
      where m.if_del = 0 and m.project_id in (${projects}) order by at desc, m.id desc limit 20`.execute(c.db),
    sql<{ code: string; quantity: unknown }>`
      select d.method as code, sum(d.quantity) as quantity from ${sql.id(t.wasteDisposal)} d join ${sql.id(t.wasteManifest)} m on m.id::text = d.manifest_id
      where d.if_del = 0 and d.project_id in (${projects}) and m.unit = 't' and d.disposed_on >= ${fromDay}::date group by d.method`.execute(c.db),
  ]);
  const s = totals.rows[0] ?? {};
  const disposed = Number(s.disposed ?? 0);
  const waste: WasteTotals = {
    generated: round(Number(s.generated ?? 0)),
    transferred: round(Number(s.transferred ?? 0)),
    received: round(Number(s.received ?? 0)),
    disposed: round(disposed),
    recycleRate: percent(Number(s.recycled ?? 0), disposed),
    manifestsOpen: count(s.open),
    manifestsFlagged: count(s.flagged),
    otherUnits: count(s.other_units),
  };
  const kindOf = new Map(kinds.rows.map((r) => [String(r.code), r]));
  const dayOf = new Map(daily.rows.map((r) => [String(r.day), r]));
  const stock = await storageStock(c.db, storages.rows.map((r) => String(r.id)));
  const lastDust = env.latest.reduce<(typeof env.latest)[number] | undefined>((a, b) => (!a || b.time > a.time ? b : a), undefined);
  return {
    updatedAt: nowIso,
    thresholds: { ...ENV_LIMITS },
    dust: lastDust ? { time: lastDust.time, pm25: lastDust.pm25, pm10: lastDust.pm10, tsp: lastDust.tsp, noise: lastDust.noise } : null,
    trend: env.trend.map((h) => ({ hour: h.hour, pm25: h.pm25, pm10: h.pm10, noise: h.noise })),
    exceedToday: { ...env.exceedToday, alarms: env.alarmsToday.reduce((n, k) => n + k.count, 0) },
    waste,
    byKind: c.dict('wasteKind').map((o) => ({ code: o.xuHao, name: o.selContent, generated: round(Number(kindOf.get(o.xuHao)?.generated ?? 0)), transferred: round(Number(kindOf.get(o.xuHao)?.transferred ?? 0)) }))
      .filter((k) => k.generated > 0 || k.transferred > 0),
    byMethod: methods.rows.map((r) => ({ code: String(r.code), name: nameOf(c, 'wasteDisposalMethod', String(r.code)), quantity: round(Number(r.quantity)) })),
    daily: days.map((date) => ({ date, generated: round(Number(dayOf.get(date)?.generated ?? 0)), transferred: round(Number(dayOf.get(date)?.transferred ?? 0)) })),
    storages: storages.rows.map((r) => ({
      id: String(r.id),
      name: textOf(r.storage_name),
      projectName: textOf(r.project_name),
      kindName: nameOf(c, 'wasteKind', textOf(r.waste_kind)),
      stock: stock.get(String(r.id)) ?? 0,
      capacity: num(r.capacity),
      unitName: nameOf(c, 'wasteUnit', textOf(r.unit)),
    })),
    manifests: manifests.rows.map((r) => ({
      id: String(r.id),
      manifestNo: textOf(r.manifest_no),
      projectName: textOf(r.project_name),
      kindName: nameOf(c, 'wasteKind', textOf(r.waste_kind)),
      quantity: Number(r.quantity),
      receivedQuantity: num(r.received_quantity),
      unitName: nameOf(c, 'wasteUnit', textOf(r.unit)),
      plateNo: textOf(r.plate_no),
      receiver: textOf(r.receiver),
      status: textOf(r.status),
      statusName: nameOf(c, 'wasteManifestStatus', textOf(r.status)),
      diffFlagged: r.diff_flagged === true,
      time: iso(r.at),
    })),
  };
}
