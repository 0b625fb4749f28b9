// Demo data dated relative to now (BuildOptions.demoData; `npm start` turns it on). Seed files are static
// rows inserted once; a screen showing "today" needs rows of today, also when the simulator is off (the
// end-to-end suite runs with SIMULATOR=0). So, on start:
// - hazards that the seed loader has just inserted (schemas/seed/hazard.json, written as of the demo
//   reference day) are moved by whole days so that the reference day becomes today — once, when seeded;
// - unless the simulator runs (its start does the same), the simulator's backfill writes the last 24 hours
//   of device readings when the last hour has none, and the missing attendance and vehicle passages of the
//   last 7 days up to now, from the deterministic site schedule (site-schedule.ts);
// - workers that the seed loader has just inserted get their photos (demo-photos.ts), about nine in ten,
//   so 实名制登记 reads a realistic rate.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { attachDemoPhotos, type PhotoReport } from './demo-photos';
import { cstDate } from './format';
import { backfill } from './simulator';
import type { ScreenTables } from './tables';

/** The day the dated seed files are written as of (schemas/seed/hazard.json). */
export const DEMO_REFERENCE_DAY = '2025-07-15';

export type DemoDataOptions = {
  /** Entities the seed loader inserted at this start (PreparedDatabase.entitySeeds.seeded). */
  seeded: readonly string[];
  /** Run the backfill (false when the simulator starts and backfills itself). */
  backfill: boolean;
  now?: Date;
};

export type DemoDataReport = { shiftedDays: number | null; photos: PhotoReport | null };

/**
 * The alarms of the seeded unqualified samples (docs/witness-sampling.md), at 17:00 CST of their report date: a
 * report entered through the API raises its alarm itself (server/hooks/witness-sample.ts).
 */
async function seedSampleAlarms(db: Kysely<Database>): Promise<void> {
  await sql`insert into monitor_alarm (company_id, project_id, device_code, alarm_time, alarm_kind, alarm_level, message, handled)
    select s.company_id, s.project_id, s.sample_no, (s.report_date + time '17:00') at time zone 'Asia/Shanghai', 'sampleFail',
      case when s.material_kind in ('1', '2', '6', '7') then '1' else '2' end,
      '样品' || s.sample_no || '（' || s.location || '）检测不合格，报告' || s.report_no, false
    from witness_sample s
    where s.conclusion = '2' and s.if_del = 0
      and not exists (select 1 from monitor_alarm a where a.device_code = s.sample_no and a.alarm_kind = 'sampleFail')`.execute(db);
}

/** Whole days from the reference day to the CST day of `now`. */
export const demoShiftDays = (now: Date): number => Math.round((Date.parse(cstDate(now)) - Date.parse(DEMO_REFERENCE_DAY)) / 86_400_000);

export async function prepareDemoData(db: Kysely<Database>, t: ScreenTables, o: DemoDataOptions): Promise<DemoDataReport> {
  const now = o.now ?? new Date();
  let shiftedDays: number | null = null;
  if (o.seeded.includes('Hazard')) {
    shiftedDays = demoShiftDays(now);
    const shift = sql`make_interval(days => ${shiftedDays}::int)`;
    await sql`update ${sql.id(t.hazard)} set found_at = found_at + ${shift}, closed_at = closed_at + ${shift},
      rectify_deadline = rectify_deadline + ${shiftedDays}::int`.execute(db);
  }
  const photos = o.seeded.includes('Worker') ? await attachDemoPhotos(db, t) : null;
  if (o.seeded.includes('WitnessSample')) await seedSampleAlarms(db);
  if (o.backfill) await backfill(db, t, { now });
  return { shiftedDays, photos };
}
