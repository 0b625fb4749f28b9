// HJ 212 minute, hour and day records (CN 2051 / 2061 / 2031; docs/device-ingestion.md "Interval records"):
// the `-Avg/-Min/-Max/-Cou` and noise `-Data` / `-DayData` / `-NightData` forms stored in env_interval (not as
// real-time readings), flags kept, retransmissions stored once; heartbeats and notifications answered as
// the standard and public implementations expect, answers never answered; and the environment screens'
// hourly and daily series taking a device's own hour / day records where it sent them.
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFrame, parseDataSegment, replyFor } from '../../server/devices/hj212/frame';
import { readIntervals } from '../../server/devices/hj212/intervals';
import type { Environment } from '../../server/screens/environment';
import { addDays, cstDate } from '../../server/screens/format';
import { registerDevice, rows, startDeviceApp, type DeviceApp } from './device-support';
import { screen } from './screens-fixtures';

type PublicFrame = { source: string; path: string | null; kind: string; frame?: string; segment?: string; crcOk: boolean | null };
const PUBLIC = (JSON.parse(readFileSync('tests/fixtures/hj212/public-frames.json', 'utf8')) as { frames: PublicFrame[] }).frames;
const publicFrame = (source: string, match: string): string => {
  const f = PUBLIC.find((p) => p.source === source && (p.frame ?? p.segment ?? '').includes(match));
  if (!f) throw new Error(`no public frame of ${source} with ${match}`);
  return f.frame ?? buildFrame(f.segment!);
};
const segmentOf = (frame: string): string => frame.slice(6, 6 + Number(frame.slice(2, 6)));
/** yyyyMMddHHmmss in China time. */
const cst = (at: Date): string => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace(/[-T:]/g, '');
let sequence = 0;
const nextQn = (): string => `2026112511${String((sequence += 1) % 10_000_000).padStart(7, '0')}`;
const frame = (mn: string, cn: string, cp: string, o: { flag?: number; qn?: string; st?: string } = {}): string =>
  buildFrame(`QN=${o.qn ?? nextQn()};ST=${o.st ?? '22'};CN=${cn};PW=123456;MN=${mn};Flag=${o.flag ?? 5};CP=&&${cp}&&`);

describe('interval records, heartbeats and notifications (unit)', () => {
  it('reads the statistics form of a public minute frame (flash520/hj212) and leaves its gas codes unknown', () => {
    const { records, unknown } = readIntervals(parseDataSegment(segmentOf(publicFrame('flash520/hj212', 'CN=2051'))));
    const by = new Map(records.map((r) => [r.factor, r]));
    expect(by.get('pm25')).toEqual({ factor: 'pm25', avg: 14, flag: 'N' });
    expect(by.get('pm10')).toEqual({ factor: 'pm10', avg: 31, flag: 'N' });
    expect([...by.keys()].sort()).toEqual(['humidity', 'pm10', 'pm25', 'pressure', 'temperature', 'windDirection', 'windSpeed']);
    expect(unknown.sort()).toEqual(['a05024', 'a21004', 'a21005', 'a21026']);
  });

  it('reads the noise -Data forms: Leq / Lmax / Lmin as one record, L10 / L50 / L90 apart, day and night parts', () => {
    const minute = readIntervals(parseDataSegment(segmentOf(publicFrame('caoyiliang/HJ212', 'CN=2051'))));
    expect(minute.records).toEqual(
      expect.arrayContaining([
        { factor: 'noise', avg: 56.3, max: 68.4, min: 49.7, flag: 'N' },
        { factor: 'noiseL10', avg: 59.1, flag: 'N' },
        { factor: 'noiseL50', avg: 55.2, flag: 'N' },
        { factor: 'noiseL90', avg: 51.8, flag: 'N' },
      ]),
    );
    const lmx = readIntervals(parseDataSegment(segmentOf(publicFrame('unattributed', 'LMx-Data'))));
    expect(lmx.records.find((r) => r.factor === 'noise')).toEqual({ factor: 'noise', avg: 55.7, max: 66, min: 49.9, flag: 'N' });
    const day = readIntervals(parseDataSegment(segmentOf(publicFrame('caoyiliang/HJ212', 'CN=2031;PW=123456;MN=010000A8900016F000169DC0;Flag=5'))));
    expect(day.records.map((r) => [r.factor, r.avg])).toEqual([
      ['noise', 55.8], ['noiseDay', 58.1], ['noiseNight', 47.2], ['noiseL10', 58.7], ['noiseL10Day', 61], ['noiseL10Night', 50.4],
    ]);
    expect(day.unknown).toEqual([]);
  });

  it('answers uploads 9014, notifications and heartbeats 9013, requests 9011, and answers with nothing', () => {
    const cnOf = (segment: string) => {
      const reply = replyFor(parseDataSegment(segment));
      return reply === null ? null : parseDataSegment(segmentOf(reply)).cn;
    };
    expect(cnOf(segmentOf(publicFrame('caoyiliang/HJ212', 'CN=9015')))).toBe('9013');
    expect(cnOf(segmentOf(publicFrame('unattributed', 'MN=88888880000006')))).toBe('9013');
    expect(cnOf('QN=20240601085857223;ST=32;CN=1013;PW=123456;MN=AB12;Flag=5;CP=&&&&')).toBe('9013');
    expect(cnOf(segmentOf(publicFrame('caoyiliang/HJ212', 'CN=2061')))).toBe('9014');
    expect(cnOf(segmentOf(publicFrame('liruoyu2008/HJ212Interpreter', 'CN=2081')))).toBe('9014');
    expect(cnOf(segmentOf(publicFrame('jinuxx/hj212', 'CN=1062')))).toBe('9011');
    for (const answer of [publicFrame('jinuxx/hj212', 'CN=9014'), publicFrame('liruoyu2008/HJ212Interpreter', 'CN=9011'), publicFrame('caoyiliang/HJ212', 'CN=9013;PW=123456;MN=010000A8900016F000169DC0')]) {
      expect(cnOf(segmentOf(answer).replace('Flag=4', 'Flag=5').replace('Flag=8', 'Flag=9'))).toBeNull();
    }
    expect(replyFor(parseDataSegment(segmentOf(publicFrame('caoyiliang/HJ212', 'CN=9015'))))).toBe(
      buildFrame('QN=20240601085857223;ST=91;CN=9013;PW=123456;MN=010000A8900016F000169DC0;Flag=4;CP=&&&&'),
    );
  });
});

describe('interval records over TCP and on the screens', () => {
  let d: DeviceApp;
  let port: number;
  const DUST = 'HJIV-DUST-01';
  const NOISE = '010000A8900016F000169DC0';

  beforeAll(async () => {
    d = await startDeviceApp(true);
    port = d.app.devices.hj212!.port;
    await registerDevice(d, DUST, 'dust', { hj212_password: '123456' });
    await registerDevice(d, NOISE, 'noise', { hj212_password: '123456' });
  }, 180_000);
  afterAll(async () => {
    await d?.app.close();
  });

  async function open(): Promise<{ socket: Socket; received: () => string }> {
    let text = '';
    const socket = connect(port, '127.0.0.1');
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return { socket, received: () => text };
  }
  const until = async (check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const replies = (text: string, cn: string): number => (text.match(new RegExp(`CN=${cn}`, 'g')) ?? []).length;
  type Interval = { interval_kind: string; data_time: Date | string; factor: string; avg_value: number | null; min_value: number | null; max_value: number | null; cou_value: number | null; data_flag: string; qn: string | null };
  const intervals = (code: string) => rows<Interval>(d.db, 'env_interval', code);
  const whenOf = (r: Interval) => new Date(r.data_time).toISOString();

  it('stores a public minute frame (flash520/hj212, as shipped) as interval records, not as readings', async () => {
    const MN = 'JLYP01_AIR01_0001';
    await registerDevice(d, MN, 'dust', { hj212_password: '123456' });
    const { socket } = await open();
    socket.write(Buffer.from(publicFrame('flash520/hj212', 'CN=2051'), 'latin1'));
    await until(async () => (await intervals(MN)).length === 7);
    const stored = await intervals(MN);
    expect(stored.find((r) => r.factor === 'pm10')).toMatchObject({ interval_kind: 'minute', avg_value: 31, data_flag: 'N', qn: '20220513162608370' });
    expect(stored.find((r) => r.factor === 'pressure')).toMatchObject({ avg_value: 95 });
    // Dated by DataTime, the period's start (2022-05-13 16:26 China time), though long past.
    expect(new Set(stored.map(whenOf))).toEqual(new Set(['2022-05-13T08:26:00.000Z']));
    expect(await rows(d.db, 'env_reading', MN)).toHaveLength(0);
    socket.destroy();
  });

  it('stores minute, hour and day records of every form with their figures and flags, answers each, once per retransmission', async () => {
    const { socket, received } = await open();
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 2 * 3_600_000);
    const minuteFrame = frame(DUST, '2051', `DataTime=${cst(hour)};a34002-Avg=81.5,a34002-Min=60.1,a34002-Max=120.4,a34002-Flag=N;a34004-Avg=40.2,a34004-Flag=N;a01007-Avg=2.2,a01007-Max=5.1;a34001-Avg=150,a34001-Flag=D`);
    socket.write(minuteFrame + minuteFrame);
    socket.write(frame(DUST, '2061', `DataTime=${cst(hour)};a34002-Avg=0.085,a34002-Min=0.07,a34002-Max=0.11,a34002-Flag=N;a34004-Avg=0.041,a34004-Flag=N`));
    socket.write(frame(DUST, '2031', `DataTime=${cst(new Date(hour.getTime() - 86_400_000))};a34002-Avg=77,a34002-Cou=1.5,a34002-Flag=M`, { flag: 4 }));
    for (const f of ['2051', '2061', '2031']) {
      const noise = PUBLIC.find((p) => p.source === 'caoyiliang/HJ212' && p.frame?.includes(`CN=${f};`))!.frame!;
      socket.write(frame(NOISE, f, segmentOf(noise).split('CP=&&')[1].slice(0, -2).replace(/DataTime=\d+/, `DataTime=${cst(f === '2031' ? new Date(hour.getTime() - 86_400_000) : hour)}`), { st: '23' }));
    }
    await until(() => replies(received(), '9014') === 6);
    const dust = await intervals(DUST);
    // The copy is answered and not stored again; the day record (Flag=4) asked for no answer.
    expect(dust.filter((r) => r.interval_kind === 'minute')).toHaveLength(4);
    expect(dust.find((r) => r.interval_kind === 'minute' && r.factor === 'pm10')).toMatchObject({ avg_value: 81.5, min_value: 60.1, max_value: 120.4, data_flag: 'N' });
    expect(dust.find((r) => r.interval_kind === 'minute' && r.factor === 'windSpeed')).toMatchObject({ avg_value: 2.2, max_value: 5.1, min_value: null });
    expect(dust.find((r) => r.interval_kind === 'minute' && r.factor === 'tsp')).toMatchObject({ avg_value: 150, data_flag: 'D' });
    // Dust in mg/m³ as µg/m³, as for real-time readings.
    expect(dust.find((r) => r.interval_kind === 'hour' && r.factor === 'pm10')).toMatchObject({ avg_value: 85, min_value: 70, max_value: 110 });
    expect(dust.find((r) => r.interval_kind === 'day')).toMatchObject({ factor: 'pm10', avg_value: 77, cou_value: 1.5, data_flag: 'M' });
    expect(d.app.devices.hj212!.stats.duplicates).toBeGreaterThanOrEqual(1);
    await until(async () => (await intervals(NOISE)).length === 4 + 4 + 6);
    const noise = await intervals(NOISE);
    expect(noise.find((r) => r.interval_kind === 'hour' && r.factor === 'noise')).toMatchObject({ avg_value: 57.4, max_value: 71.9, min_value: 48.8 });
    expect(noise.find((r) => r.interval_kind === 'day' && r.factor === 'noiseNight')).toMatchObject({ avg_value: 47.2 });
    expect(await rows(d.db, 'env_reading', DUST)).toHaveLength(0);
    expect(await rows(d.db, 'env_reading', NOISE)).toHaveLength(0);
    // No alarm from interval records (neither the D flag nor a value over a limit).
    expect(await rows(d.db, 'monitor_alarm', DUST)).toHaveLength(0);
    socket.destroy();
  });

  it('refuses an interval upload without DataTime (no answer, nothing stored) and answers one of unmapped factors', async () => {
    const before = (await intervals(DUST)).length;
    const { socket, received } = await open();
    socket.write(frame(DUST, '2061', 'a34002-Avg=50'));
    // IceCoffee's hour frame sent as this device with IceCoffee's PW is refused for the PW; with the device's
    // PW its factors (a34006, … not kept here) are answered and nothing is stored.
    const ice = segmentOf(publicFrame('1249993110/IceCoffee.HJ212', 'CN=2061')).replace('MN=Z13401000010301', `MN=${DUST}`);
    socket.write(buildFrame(ice));
    await new Promise((r) => setTimeout(r, 300));
    socket.write(buildFrame(ice.replace('PW=BF470F88957588DE902D1A52', 'PW=123456')));
    await until(() => replies(received(), '9014') === 1);
    expect((await intervals(DUST)).length).toBe(before);
    socket.destroy();
  });

  it('takes heartbeats and notifications as signs of life, answers 9013 when asked, and never answers an answer', async () => {
    await sql`update monitor_device set online = false, last_seen_at = null where device_code = ${DUST}`.execute(d.db);
    const { socket, received } = await open();
    const withMn = (f: string) => buildFrame(segmentOf(f).replace(/MN=[^;]*;/, `MN=${DUST};`).replace(/PW=[^;]*;/, 'PW=123456;'));
    // Answers of public implementations (9014 jinuxx, 9011 liruoyu2008, 9013 caoyiliang), even with Flag bit A set.
    for (const f of [publicFrame('jinuxx/hj212', 'CN=9014'), publicFrame('liruoyu2008/HJ212Interpreter', 'CN=9011'), publicFrame('caoyiliang/HJ212', 'CN=9013;PW=123456;MN=010000A8900016F000169DC0')]) {
      socket.write(withMn(f));
      socket.write(buildFrame(segmentOf(withMn(f)).replace(/Flag=\d+/, 'Flag=5')));
    }
    // A 9021 heartbeat without Flag A, one with it, caoyiliang's 9015 asking an answer, a 1013 notification.
    socket.write(withMn(publicFrame('unattributed', 'MN=000201')));
    socket.write(withMn(publicFrame('unattributed', 'MN=88888880000006')));
    socket.write(withMn(publicFrame('caoyiliang/HJ212', 'CN=9015')));
    socket.write(frame(DUST, '1013', ''));
    await until(() => replies(received(), '9013') === 3);
    await new Promise((r) => setTimeout(r, 200));
    expect(replies(received(), '9013')).toBe(3);
    expect(replies(received(), '9014') + replies(received(), '9011')).toBe(0);
    for (const reply of received().split('\r\n').filter(Boolean)) expect(parseDataSegment(segmentOf(reply))).toMatchObject({ st: '91', cn: '9013', mn: DUST, flag: 4 });
    const [device] = await rows<{ online: boolean; last_seen_at: unknown }>(d.db, 'monitor_device', DUST);
    expect(device.online).toBe(true);
    expect(device.last_seen_at).not.toBeNull();
    expect(d.app.devices.hj212!.stats.notices).toBeGreaterThanOrEqual(10);
    socket.destroy();
  });

  describe('the environment screens', () => {
    const A = 'HJIV-SCR-A';
    const B = 'HJIV-SCR-B';
    const C = 'HJIV-SCR-C';
    const pm10At = (env: Environment, hour: Date) => env.trend.find((h) => h.hour === hour.toISOString())?.pm10;
    const pm25On = (env: Environment, day: string) => env.daily.find((x) => x.date === day)?.pm25;
    const load = () => screen<Environment>(d.app, d.token, 'Environment', { pjctid1: d.projectId });
    const reading = (code: string, at: Date, values: Record<string, number>) =>
      sql`insert into env_reading (company_id, project_id, device_code, reading_time, pm10, pm25)
        values ((select company_id from projects where id = ${d.projectId}), ${d.projectId}, ${code}, ${at.toISOString()}::timestamptz, ${values.pm10 ?? null}, ${values.pm25 ?? null})`.execute(d.db);

    beforeAll(async () => {
      for (const code of [A, B, C]) await registerDevice(d, code, 'dust', { hj212_password: '123456' });
      // This project's readings are the test's own.
      await sql`delete from env_reading where project_id = ${d.projectId}`.execute(d.db);
      await sql`delete from env_interval where project_id = ${d.projectId}`.execute(d.db);
    });

    it('shows a device\'s own hour records where it sent them and the other devices\' real-time readings', async () => {
      const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000);
      const at = (minutes: number) => new Date(hour.getTime() + minutes * 60_000);
      await reading(A, at(5), { pm10: 100 });
      await reading(A, at(35), { pm10: 120 });
      for (const m of [10, 20, 30]) await reading(B, at(m), { pm10: 200 });
      // Real-time readings only: their average.
      expect(pm10At(await load(), hour)).toBe(164);
      const { socket, received } = await open();
      // A's hour record replaces its two readings (150 × 2); B's flagged one (D) replaces nothing.
      socket.write(frame(A, '2061', `DataTime=${cst(hour)};a34002-Avg=150,a34002-Flag=N`));
      socket.write(frame(B, '2061', `DataTime=${cst(hour)};a34002-Avg=999,a34002-Flag=D`));
      await until(() => replies(received(), '9014') === 2);
      expect(pm10At(await load(), hour)).toBe(180);
      // C sends hour records only: one value for its hour.
      socket.write(frame(C, '2061', `DataTime=${cst(hour)};a34002-Avg=300`));
      await until(() => replies(received(), '9014') === 3);
      const env = await load();
      expect(pm10At(env, hour)).toBe(200);
      // The hour before has neither; the project overview's 环境监测 panel shows the same trend.
      expect(pm10At(env, new Date(hour.getTime() - 3_600_000))).toBeNull();
      const overview = await screen<{ environment: { trend: Environment['trend'] } }>(d.app, d.token, 'ProjectOverview', { pjctid1: d.projectId });
      expect(overview.environment.trend).toEqual(env.trend);
      socket.destroy();
    });

    it('shows a device\'s own day records for the days it sent them (days before today from the rollups) and averages readings otherwise', async () => {
      const today = cstDate(new Date());
      const day = addDays(today, -2);
      const noon = new Date(Date.parse(`${day}T12:00:00+08:00`));
      await reading(A, noon, { pm25: 40 });
      await reading(A, new Date(noon.getTime() + 3_600_000), { pm25: 60 });
      await reading(B, noon, { pm25: 80 });
      const other = addDays(today, -3);
      await reading(B, new Date(Date.parse(`${other}T12:00:00+08:00`)), { pm25: 33 });
      expect(pm25On(await load(), day)).toBe(60);
      const { socket, received } = await open();
      socket.write(frame(A, '2031', `DataTime=${day.replace(/-/g, '')}000000;a34004-Avg=70,a34004-Flag=N`));
      // A day record of another day for a device without readings then, and a flagged one: 33 stays 33.
      socket.write(frame(B, '2031', `DataTime=${other.replace(/-/g, '')}000000;a34004-Avg=90,a34004-Flag=C`));
      await until(() => replies(received(), '9014') === 2);
      const env = await load();
      expect(pm25On(env, day)).toBe(73.3);
      expect(pm25On(env, other)).toBe(33);
      // An hour record does not touch the daily series, nor a day record the hourly one.
      expect(pm25On(env, today)).toBeNull();
      socket.destroy();
    });
  });
});
