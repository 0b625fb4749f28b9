// The demo plant's statements (对账, docs/concrete-plant.md): derived, when the trips were seeded in this
// start, from the signed trips the way the sign-in hook adds them (server/hooks/concrete-plant/
// dispatch-trip.ts) — per customer and CST month, volume × (the grade's unit price + the pump price when
// the order needs a pump). The seed's times are relative to today, so the months cannot be written in a
// seed file.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { sortKeyColumn, textKey } from '../engine/sort-keys';
import type { EntitySeedReport } from '../metadata/seed-entities';

export async function seedPlantStatements(db: Kysely<Database>, report: EntitySeedReport | null): Promise<number> {
  if (!report?.seeded.includes('DispatchTrip')) return 0;
  const inserted = await sql`insert into concrete_statement (company_id, customer_id, month, trip_count, volume, amount)
    select t.company_id, o.customer_id, to_char(t.signed_at at time zone 'Asia/Shanghai', 'YYYY-MM'), count(*)::int,
      sum(t.received_volume), round(sum(t.received_volume * (coalesce(p.unit_price, 0) + case when o.pump_needed then coalesce(p.pump_price, 0) else 0 end))::numeric, 2)
    from dispatch_trip t
    join concrete_order o on o.id = t.order_id::bigint and o.company_id = t.company_id
    left join concrete_price p on p.company_id = t.company_id and p.strength_grade = o.strength_grade and p.if_del = 0
    where t.status = '3' and t.if_del = 0 and t.signed_at is not null
      and not exists (select 1 from concrete_statement s where s.company_id = t.company_id)
    group by t.company_id, o.customer_id, to_char(t.signed_at at time zone 'Asia/Shanghai', 'YYYY-MM')`.execute(db);
  // The month's sort key, as the engine's writes set it (server/engine/sort-keys.ts).
  const key = sql.id(sortKeyColumn({ column: 'month' }));
  const months = await sql<{ month: string }>`select distinct month from concrete_statement where ${key} is null and month is not null`.execute(db);
  for (const { month } of months.rows) await sql`update concrete_statement set ${key} = ${textKey(month)} where month = ${month} and ${key} is null`.execute(db);
  return Number(inserted.numAffectedRows ?? 0);
}
