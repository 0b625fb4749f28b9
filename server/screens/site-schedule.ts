// The demo site's day, worked out from fixed seeds rather than stored state: for a worker and a CST day,
// whether and when they clock in and out; for a project and a day, its vehicles' trips through the gates.
// The same inputs always give the same schedule, so the simulator's ticks, its start-up backfill and the
// demo data of a fresh database (server/screens/demo.ts) agree, and rows already written are recognised.
import { cstMidnight } from './format';

/** A small fast PRNG (mulberry32) seeded from a text key by FNV-1a. */
export function seeded(key: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const MINUTE = 60_000;
/** Day of the week of a calendar day, 0 = Sunday. */
const weekday = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

export type ShiftPlan = { inTime: Date; outTime: Date; workHours: number; deviceName: string };

/**
 * A worker's attendance on a CST day: most work six days a week and about half on Sundays; they clock
 * in between 06:40 and 08:30 and out 8–10.5 hours later (one in twenty leaves after about four hours).
 * Work hours leave out a 1.5-hour midday break on a full day.
 */
export function shiftOf(workerId: string | number, day: string): ShiftPlan | null {
  const r = seeded(`attendance:${workerId}:${day}`);
  if (r() >= (weekday(day) === 0 ? 0.55 : 0.9)) return null;
  const inTime = new Date(cstMidnight(day).getTime() + (400 + Math.floor(r() * 110)) * MINUTE);
  const early = r() < 0.05;
  const minutes = early ? 220 + Math.floor(r() * 40) : 480 + Math.floor(r() * 150);
  const outTime = new Date(inTime.getTime() + minutes * MINUTE);
  const hours = minutes / 60 - (early ? 0 : 1.5);
  return { inTime, outTime, workHours: Math.round(hours * 10) / 10, deviceName: r() < 0.7 ? '1号门进场闸机' : '2号门进场闸机' };
}

/** vehicleType codes (schemas/dictionaries/vehicleType.json). */
export const VEHICLE = { muck: '1', mixer: '2', material: '3', car: '4', other: '9' } as const;

type Fleet = Array<{ plateNo: string; vehicleType: string }>;

/** Plate prefix of a project's area: 内江 川K, 自贡 川C, elsewhere in 四川 川A. */
const platePrefix = (areaCode: string): string => (areaCode.startsWith('5110') ? '川K' : areaCode.startsWith('5103') ? '川C' : '川A');
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '0123456789';

/**
 * One plate of the §5.5 rule (common/validators.ts isPlate): the area's prefix, then five serial
 * characters, mostly digits with now and then a letter (no I or O) as plates are issued; a car is a
 * small new-energy vehicle one time in three (D or F, a serial character, four digits).
 */
export function demoPlate(prefix: string, r: () => number, car: boolean): string {
  const digit = () => DIGITS[Math.floor(r() * 10)];
  const serial = () => (r() < 0.8 ? digit() : LETTERS[Math.floor(r() * LETTERS.length)]);
  if (car && r() < 1 / 3) return `${prefix}${r() < 0.5 ? 'D' : 'F'}${serial()}${Array.from({ length: 4 }, digit).join('')}`;
  return prefix + Array.from({ length: 5 }, serial).join('');
}

/** The vehicles serving a project: muck trucks, mixer trucks, material trucks, cars and one other. */
export function fleetOf(projectId: string | number, areaCode: string, concretePlant = false): Fleet {
  const r = seeded(`fleet:${projectId}`);
  const mix: string[] = concretePlant
    ? [...Array<string>(7).fill(VEHICLE.mixer), VEHICLE.material, VEHICLE.material, VEHICLE.car, VEHICLE.car, VEHICLE.other]
    : [...Array<string>(4).fill(VEHICLE.muck), ...Array<string>(3).fill(VEHICLE.mixer), ...Array<string>(3).fill(VEHICLE.material), VEHICLE.car, VEHICLE.car, VEHICLE.car, VEHICLE.other];
  const seen = new Set<string>();
  return mix.map((vehicleType) => {
    let plateNo = '';
    while (!plateNo || seen.has(plateNo)) {
      plateNo = demoPlate(platePrefix(areaCode), r, vehicleType === VEHICLE.car);
    }
    seen.add(plateNo);
    return { plateNo, vehicleType };
  });
}

export type PassagePlan = { plateNo: string; vehicleType: string; direction: 'in' | 'out'; time: Date; gateName: string; washed: boolean; uploadStatus: string };

/** Trips a day and minutes inside the site per trip, by vehicle type. */
const TRIPS: Record<string, { trips: [number, number]; stay: [number, number] }> = {
  [VEHICLE.muck]: { trips: [3, 6], stay: [15, 35] },
  [VEHICLE.mixer]: { trips: [2, 5], stay: [25, 60] },
  [VEHICLE.material]: { trips: [0, 2], stay: [40, 120] },
  [VEHICLE.car]: { trips: [0, 2], stay: [60, 300] },
  [VEHICLE.other]: { trips: [0, 1], stay: [30, 90] },
};

/**
 * The gate passages of a project on a CST day: each vehicle makes its trips one after another from
 * about 06:00, in through one gate and out through either, fewer on Sundays. Exits are washed nineteen
 * times in twenty; plates reach the platform nine times in ten (1), some wait (0), a few fail (2).
 */
export function passagesOf(projectId: string | number, day: string, fleet: Fleet): PassagePlan[] {
  const out: PassagePlan[] = [];
  const sunday = weekday(day) === 0;
  const start = cstMidnight(day).getTime();
  for (const v of fleet) {
    const r = seeded(`passage:${projectId}:${day}:${v.plateNo}`);
    const plan = TRIPS[v.vehicleType] ?? TRIPS[VEHICLE.other];
    let trips = plan.trips[0] + Math.floor(r() * (plan.trips[1] - plan.trips[0] + 1));
    if (sunday) trips = Math.floor(trips / 2);
    let at = start + (360 + Math.floor(r() * 150)) * MINUTE;
    for (let i = 0; i < trips; i++) {
      const stay = plan.stay[0] + Math.floor(r() * (plan.stay[1] - plan.stay[0]));
      const inAt = at;
      const outAt = inAt + stay * MINUTE;
      if (outAt >= start + 22 * 60 * MINUTE) break;
      const upload = () => {
        const u = r();
        return u < 0.9 ? '1' : u < 0.96 ? '0' : '2';
      };
      out.push({ plateNo: v.plateNo, vehicleType: v.vehicleType, direction: 'in', time: new Date(inAt), gateName: '1号门', washed: true, uploadStatus: upload() });
      out.push({ plateNo: v.plateNo, vehicleType: v.vehicleType, direction: 'out', time: new Date(outAt), gateName: r() < 0.6 ? '1号门' : '2号门', washed: r() < 0.95, uploadStatus: upload() });
      at = outAt + (40 + Math.floor(r() * 110)) * MINUTE;
    }
  }
  return out.sort((a, b) => a.time.getTime() - b.time.getTime());
}
