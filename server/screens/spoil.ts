// GET /prod-api/api/TyScreen/Slag — 渣土监管 (ProjectScreen/slagSupervision): trucks, permits, today's
// trips, violations by kind and state, disposal sites, a 7-day trend. GET ProjectCar — 车辆管理
// (ProjectScreen/car): the gate's Vehicle answer with the spoil trucks' trips and violations and the
// concrete tankers. Over the projects in scope, narrowed by pjctid1 (docs/spoil.md, docs/screens-api.md).
import { sql } from 'kysely';
import type { ProjectCar, Slag, SpoilPermitItem, SpoilSummary, SpoilTripItem, SpoilViolationItem } from '../../common/screens/spoil';
import { byDictionary, nameOf, type ScreenContext } from './context';
import { addDays, count, cstDate, cstMidnight, iso, isoOrNull, lastDays, num, textOf } from './format';
import type { ProjectIds } from './scope';
import { vehicle } from './vehicle';

export type { ProjectCar, Slag };

const LIST_LIMIT = 30;
/** A valid permit ending within this many days is 即将到期. */
const EXPIRING_DAYS = 7;
/** vehicleType of concrete tankers. */
const TANKER = '2';

const todayBounds = (c: ScreenContext) => {
  const today = cstDate(c.now);
  return { today, start: cstMidnight(today).toISOString(), now: c.now.toISOString() };
};

async function summary(c: ScreenContext, projects: ProjectIds): Promise<SpoilSummary> {
  const { today, start, now } = todayBounds(c);
  const r = await sql<Record<string, unknown>>`select
      (select count(*) from ${sql.id(c.t.spoilTruck)} k where k.project_id in (${projects}) and k.if_del = 0 and k.status <> '3') as trucks,
      (select count(*) from ${sql.id(c.t.spoilTruck)} k where k.project_id in (${projects}) and k.if_del = 0 and k.status <> '3' and k.gps_online) as online,
      (select count(*) from ${sql.id(c.t.spoilPermit)} p where p.project_id in (${projects}) and p.if_del = 0 and p.status = '1' and p.valid_from <= ${today}::date and p.valid_to >= ${today}::date) as valid,
      (select count(*) from ${sql.id(c.t.spoilPermit)} p where p.project_id in (${projects}) and p.if_del = 0 and p.status = '1' and p.valid_from <= ${today}::date and p.valid_to >= ${today}::date
        and p.valid_to <= ${addDays(today, EXPIRING_DAYS)}::date) as expiring,
      (select count(*) from ${sql.id(c.t.spoilTrip)} r where r.project_id in (${projects}) and r.if_del = 0 and r.exit_time >= ${start}::timestamptz and r.exit_time <= ${now}::timestamptz) as trips,
      (select count(*) from ${sql.id(c.t.spoilTrip)} r where r.project_id in (${projects}) and r.if_del = 0 and r.arrived_at >= ${start}::timestamptz and r.arrived_at <= ${now}::timestamptz) as arrived,
      (select count(*) from ${sql.id(c.t.spoilViolation)} v where v.project_id in (${projects}) and v.if_del = 0 and v.occurred_at >= ${start}::timestamptz and v.occurred_at <= ${now}::timestamptz) as violations,
      (select count(*) from ${sql.id(c.t.spoilViolation)} v where v.project_id in (${projects}) and v.if_del = 0 and v.status in ('1', '2')) as open`.execute(c.db);
  const s = r.rows[0] ?? {};
  return {
    trucks: count(s.trucks), trucksOnline: count(s.online), validPermits: count(s.valid), expiringPermits: count(s.expiring),
    tripsToday: count(s.trips), arrivedToday: count(s.arrived), violationsToday: count(s.violations), openViolations: count(s.open),
  };
}

/** The newest trips (`nulls last`, none being null here: the exit_time sort index read backwards). */
async function trips(c: ScreenContext, projects: ProjectIds): Promise<SpoilTripItem[]> {
  const r = await sql<Record<string, unknown>>`select r.*, p.name as project_name, s.site_name from ${sql.id(c.t.spoilTrip)} r
      join projects p on p.id = r.project_id left join ${sql.id(c.t.spoilSite)} s on s.id::text = r.site_id
    where r.project_id in (${projects}) and r.if_del = 0 and r.exit_time <= ${c.now.toISOString()}::timestamptz
    order by r.exit_time desc nulls last, r.id desc limit ${LIST_LIMIT}`.execute(c.db);
  return r.rows.map((t) => ({
    id: String(t.id), tripNo: textOf(t.trip_no), plateNo: textOf(t.plate_no), projectName: textOf(t.project_name), exitTime: iso(t.exit_time),
    arrivedAt: isoOrNull(t.arrived_at), siteName: textOf(t.site_name), washResult: textOf(t.wash_result), weight: num(t.weight),
    permitted: textOf(t.permit_id) !== '', violationCount: count(t.violation_count), status: textOf(t.status), statusName: nameOf(c, 'spoilTripStatus', textOf(t.status)),
  }));
}

/**
 * The newest violations, open ones first (a status-less one before them, as `(status in …) desc` sorts it):
 * the first of those not closed (few, by the status index) and the newest closed ones (the occurred_at sort
 * index read backwards), each bounded, then ordered together.
 */
async function violations(c: ScreenContext, projects: ProjectIds): Promise<SpoilViolationItem[]> {
  const within = sql`v.project_id in (${projects}) and v.if_del = 0 and v.occurred_at <= ${c.now.toISOString()}::timestamptz`;
  const open = sql`(v.status in ('1', '2'))`;
  const r = await sql<Record<string, unknown>>`select v.*, p.name as project_name from (
      (select v.* from ${sql.id(c.t.spoilViolation)} v where ${within} and (v.status is null or v.status in ('1', '2'))
        order by ${open} desc, v.occurred_at desc, v.id desc limit ${LIST_LIMIT})
      union all
      (select v.* from ${sql.id(c.t.spoilViolation)} v where ${within} and v.status not in ('1', '2')
        order by v.occurred_at desc nulls last, v.id desc limit ${LIST_LIMIT})
    ) v join projects p on p.id = v.project_id
    order by ${open} desc, v.occurred_at desc, v.id desc limit ${LIST_LIMIT}`.execute(c.db);
  return r.rows.map((v) => ({
    id: String(v.id), violationNo: textOf(v.violation_no), plateNo: textOf(v.plate_no), projectName: textOf(v.project_name), kind: textOf(v.kind),
    kindName: nameOf(c, 'spoilViolationKind', textOf(v.kind)), occurredAt: iso(v.occurred_at), description: textOf(v.description),
    status: textOf(v.status), statusName: nameOf(c, 'spoilViolationStatus', textOf(v.status)),
  }));
}

/** Permits not revoked, valid ones first by end date, then those not yet valid, then the expired. */
async function permits(c: ScreenContext, projects: ProjectIds): Promise<SpoilPermitItem[]> {
  const { today } = todayBounds(c);
  const validity = sql<string>`case when p.status = '2' then '4' when p.valid_from > ${today}::date then '2' when p.valid_to < ${today}::date then '3' else '1' end`;
  const r = await sql<Record<string, unknown>>`select p.id, p.permit_no, pr.name as project_name, h.hauler_name, s.site_name, to_char(p.valid_to, 'YYYY-MM-DD') as valid_to,
      ${validity} as validity, (p.valid_to - ${today}::date) as days_left,
      (select count(*) from ${sql.id(c.t.spoilPermitTruck)} t where t.permit_id = p.id::text) as trucks
    from ${sql.id(c.t.spoilPermit)} p join projects pr on pr.id = p.project_id
      left join ${sql.id(c.t.spoilHauler)} h on h.id::text = p.hauler_id left join ${sql.id(c.t.spoilSite)} s on s.id::text = p.site_id
    where p.project_id in (${projects}) and p.if_del = 0 and p.status = '1'
    order by ${validity}, p.valid_to, p.id limit ${LIST_LIMIT}`.execute(c.db);
  return r.rows.map((p) => ({
    id: String(p.id), permitNo: textOf(p.permit_no), projectName: textOf(p.project_name), haulerName: textOf(p.hauler_name), siteName: textOf(p.site_name),
    validTo: textOf(p.valid_to), validity: textOf(p.validity), validityName: nameOf(c, 'spoilPermitValidity', textOf(p.validity)), trucks: count(p.trucks), daysLeft: count(p.days_left),
  }));
}

export async function slag(c: ScreenContext, projects: ProjectIds): Promise<Slag> {
  const { today, start, now } = todayBounds(c);
  const days = lastDays(today, 7);
  const from = cstMidnight(days[0]).toISOString();
  const since30 = cstMidnight(addDays(today, -29)).toISOString();
  const [s, kinds, trend, sites, permitList, tripList, violationList] = await Promise.all([
    summary(c, projects),
    sql<{ code: string; n: unknown }>`select v.kind as code, count(*) as n from ${sql.id(c.t.spoilViolation)} v
      where v.project_id in (${projects}) and v.if_del = 0 and v.occurred_at >= ${since30}::timestamptz and v.occurred_at <= ${now}::timestamptz group by 1`.execute(c.db),
    // Each table's 7 days read once, counted per China day.
    sql<Record<string, unknown>>`select d.day, coalesce(r.n, 0) as trips, coalesce(v.n, 0) as violations
      from unnest(${sql.val(days)}::text[]) as d(day)
      left join (select to_char(r.exit_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, count(*) as n from ${sql.id(c.t.spoilTrip)} r
        where r.project_id in (${projects}) and r.if_del = 0 and r.exit_time >= ${from}::timestamptz and r.exit_time <= ${now}::timestamptz group by 1) r on r.day = d.day
      left join (select to_char(v.occurred_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, count(*) as n from ${sql.id(c.t.spoilViolation)} v
        where v.project_id in (${projects}) and v.if_del = 0 and v.occurred_at >= ${from}::timestamptz and v.occurred_at <= ${now}::timestamptz group by 1) v on v.day = d.day
      order by d.day`.execute(c.db),
    sql<Record<string, unknown>>`select s.*, p.name as project_name,
        (select count(*) from ${sql.id(c.t.spoilTrip)} r where r.site_id = s.id::text and r.if_del = 0 and r.exit_time >= ${start}::timestamptz and r.exit_time <= ${now}::timestamptz) as trips_today
      from ${sql.id(c.t.spoilSite)} s join projects p on p.id = s.project_id where s.project_id in (${projects}) and s.if_del = 0 order by s.status, s.id limit ${LIST_LIMIT}`.execute(c.db),
    permits(c, projects),
    trips(c, projects),
    violations(c, projects),
  ]);
  return {
    updatedAt: now,
    summary: s,
    byKind: byDictionary(c, 'spoilViolationKind', kinds.rows),
    trend: trend.rows.map((d) => ({ day: textOf(d.day), trips: count(d.trips), violations: count(d.violations) })),
    permits: permitList,
    sites: sites.rows.map((x) => ({
      id: String(x.id), siteName: textOf(x.site_name), projectName: textOf(x.project_name), capacity: Number(x.capacity ?? 0), usedVolume: Number(x.used_volume ?? 0),
      status: textOf(x.status), statusName: nameOf(c, 'spoilSiteStatus', textOf(x.status)), tripsToday: count(x.trips_today),
    })),
    trips: tripList,
    violations: violationList,
  };
}

export async function projectCar(c: ScreenContext, projects: ProjectIds): Promise<ProjectCar> {
  const [gate, s, tripList, violationList] = await Promise.all([vehicle(c, projects), summary(c, projects), trips(c, projects), violations(c, projects)]);
  // Today's tankers at the gate: the vehicle screen's count of their type.
  const t = gate.byType.find((x) => x.code === TANKER);
  return {
    ...gate,
    spoil: s,
    trips: tripList,
    violations: violationList,
    tankers: { inToday: t?.in ?? 0, outToday: t?.out ?? 0, latest: gate.latest.filter((p) => p.vehicleType === TANKER) },
  };
}
