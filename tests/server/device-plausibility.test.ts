// Device values checked for plausibility (docs/device-ingestion.md "Plausible ranges"): every numeric field of a
// reading declares its physical range in its entity; a value outside it, or not finite, is refused — over HTTP
// 400 naming the field and the range, over HJ 212 answered as any upload (the standard has no refusing data
// answer) and counted, logged once per device and factor — and the whole reading stores nothing and raises no
// alarm. Values exactly at the bounds are stored. The HJ 212 frames are public implementations' frames
// (tests/fixtures/hj212) with their values changed and the CRC recomputed with the project's own helper.
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hj212CrcHex } from '../../server/devices/hj212/crc';
import { DEVICE_PUSH_PATH, INGEST_MESSAGES } from '../../server/devices/http-ingest';
import { deviceHeaders } from '../../server/devices/signature';
import { deviceTables } from '../../server/devices/tables';
import { catalog } from './engine-support';
import { registerDevice, rows, startDeviceApp, type DeviceApp } from './device-support';

const PUBLIC = (JSON.parse(readFileSync('tests/fixtures/hj212/public-frames.json', 'utf8')) as { frames: Array<{ source: string; frame?: string; crcOk: boolean | null }> }).frames;
/** A public frame (as shipped, CRC checked) of a source containing `marker`. */
function publicFrame(source: string, marker: string): string {
  const f = PUBLIC.find((p) => p.source === source && p.crcOk && p.frame?.includes(marker));
  if (!f?.frame) throw new Error(`no frame of ${source} with ${marker}`);
  return f.frame;
}
const segmentOf = (frame: string): string => frame.slice(6, 6 + Number(frame.slice(2, 6)));

let sequence = 0;
/**
 * A public frame with some items' values changed (`key` → new value; each key must be in the frame) and a new
 * QN, its length and CRC recomputed (hj212CrcHex), ending CR LF.
 */
function altered(frame: string, changes: Record<string, string>): string {
  const original = segmentOf(frame);
  expect(frame.slice(6 + original.length, 10 + original.length).toUpperCase()).toBe(hj212CrcHex(original));
  let segment = original;
  for (const [key, value] of Object.entries({ QN: `2026120110${String((sequence += 1)).padStart(7, '0')}`, ...changes })) {
    const item = new RegExp(`(^|[;,&])${key.replace(/[-.]/g, '\\$&')}=[^;,&]*`);
    expect(segment, key).toMatch(item);
    segment = segment.replace(item, `$1${key}=${value}`);
  }
  return `##${String(Buffer.byteLength(segment, 'latin1')).padStart(4, '0')}${segment}${hj212CrcHex(segment)}\r\n`;
}

const JINUXX = publicFrame('jinuxx/hj212', 'CN=2011');
const JINUXX_MN = '010000A8900016F000169DC0';
const AQMS = publicFrame('unattributed', 'MN=010AQMS01000GD0201804060');
const AQMS_MN = '010AQMS01000GD0201804060';
const MINUTE = publicFrame('flash520/hj212', 'CN=2051');
const MINUTE_MN = 'JLYP01_AIR01_0001';

const CRANE = 'PLAUS-TC-01';
const LIFT = 'PLAUS-SC-01';
const GAS = 'PLAUS-GAS-01';
const DUST_HTTP = 'PLAUS-DUST-01';
const KEY = 'plausible-key-0001';

let d: DeviceApp;

beforeAll(async () => {
  d = await startDeviceApp(true);
  await registerDevice(d, CRANE, 'towerCrane', { ingest_key: KEY });
  await registerDevice(d, LIFT, 'lift', { ingest_key: KEY });
  await registerDevice(d, GAS, 'gas', { ingest_key: KEY });
  await registerDevice(d, DUST_HTTP, 'dust', { ingest_key: KEY });
  for (const mn of [JINUXX_MN, AQMS_MN, MINUTE_MN]) await registerDevice(d, mn, 'dust', { hj212_password: '123456' });
}, 180_000);
afterAll(async () => {
  await d?.app.close();
});

/** Rows of every table a reading or its alarms could reach. */
async function counts(): Promise<Record<string, string>> {
  const r = await sql<Record<string, string>>`select
    (select count(*) from env_reading) as env, (select count(*) from env_interval) as intervals, (select count(*) from crane_reading) as crane,
    (select count(*) from gas_reading) as gas, (select count(*) from monitor_alarm) as alarms`.execute(d.db);
  return r.rows[0];
}

describe('declared ranges', () => {
  it('every numeric field of every reading kind declares its minimum and maximum in its entity', () => {
    const tables = deviceTables(catalog);
    const undeclared: string[] = [];
    for (const [kind, table] of Object.entries(tables.readings)) {
      const entity = [...catalog.entities.values()].find((e) => e.table === table.table)!;
      for (const [name, field] of table.columns) {
        if (field.kind !== 'number') continue;
        const f = entity.fields.find((x) => x.name === name)!;
        if (f.minimum === undefined || f.maximum === undefined) undeclared.push(`${kind}.${name}`);
        expect([field.minimum, field.maximum]).toEqual([f.minimum, f.maximum]);
      }
    }
    expect(undeclared).toEqual([]);
  });
});

describe('signed HTTP', () => {
  async function push(code: string, body: unknown) {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const reply = await d.app.inject({ method: 'POST', url: DEVICE_PUSH_PATH, headers: deviceHeaders(code, KEY, text), payload: text });
    return { status: reply.statusCode, body: reply.json() as { status: number; detail: string; code?: number } };
  }

  it('refuses a value outside its range or not finite with 400 naming the field and the range: nothing stored, no alarm', async () => {
    const before = await counts();
    const cases: Array<[string, unknown, string]> = [
      [CRANE, { data: { loadRatio: 1e9 } }, '监测项 loadRatio（载重比）应在0～300%之间'],
      [CRANE, { data: { loadRatio: 50, momentRatio: 300.1 } }, '监测项 momentRatio（力矩比）应在0～300%之间'],
      [CRANE, { data: { tilt: -90.5 } }, '监测项 tilt（倾角）应在-90～90°之间'],
      [CRANE, { data: { loadKg: 1e308 } }, '监测项 loadKg（载重）应在0～1000000kg之间'],
      // JSON's 1e400 parses as Infinity.
      [CRANE, '{"data":{"windSpeed":1e400}}', '监测项 windSpeed（风速）应在0～120m/s之间'],
      [CRANE, { data: { loadRatio: -1 } }, '监测项 loadRatio（载重比）应在0～300%之间'],
      [LIFT, { data: { floor: 201 } }, '监测项 floor（楼层）应在-20～200之间'],
      [GAS, { data: { lel: 3, co: 1e6 } }, '监测项 co（一氧化碳）应在0～10000ppm之间'],
      [DUST_HTTP, { data: { pm25: 1e308, pm10: 80 } }, '监测项 pm25（PM2.5）应在0～10000µg/m³之间'],
      [DUST_HTTP, { data: { pm10: 80, noise: 3 } }, '监测项 noise（噪声）应在20～140dB之间'],
      [DUST_HTTP, { data: { temperature: -273 } }, '监测项 temperature（温度）应在-60～80℃之间'],
      // One implausible reading of a batch refuses the request: its plausible readings are not stored either.
      [CRANE, { readings: [{ data: { loadRatio: 95 } }, { data: { loadRatio: 1e9 } }] }, '第2条监测项 loadRatio（载重比）应在0～300%之间'],
    ];
    for (const [code, body, why] of cases) {
      const reply = await push(code, body);
      expect(reply, JSON.stringify(body)).toEqual({ status: 400, body: { status: 0, detail: INGEST_MESSAGES.badBody(why), code: 400 } });
    }
    expect(await counts()).toEqual(before);
    expect(await rows(d.db, 'monitor_alarm', CRANE)).toEqual([]);
  });

  it('stores values exactly at the bounds', async () => {
    const crane = { loadRatio: 300, momentRatio: 0, height: -100, radius: 150, windSpeed: 0, tilt: 90, loadKg: 1_000_000 };
    expect((await push(CRANE, { data: crane })).body.status).toBe(1);
    expect((await push(CRANE, { data: { loadRatio: 0, height: 1000, windSpeed: 120, tilt: -90, loadKg: 0 } })).body.status).toBe(1);
    expect((await push(LIFT, { readings: [{ data: { floor: -20, loadRatio: 0 } }, { data: { floor: 200 } }] })).body.status).toBe(1);
    expect((await push(GAS, { data: { lel: 100, o2: 0, co: 10000, h2s: 0 } })).body.status).toBe(1);
    const env = { pm25: 10000, pm10: 0, tsp: 30000, noise: 140, temperature: -60, humidity: 100, pressure: 30, windSpeed: 120, windDirection: 360 };
    expect((await push(DUST_HTTP, { data: env })).body.status).toBe(1);
    expect((await push(DUST_HTTP, { data: { noise: 20, temperature: 80, humidity: 0, pressure: 110, windDirection: 0 } })).body.status).toBe(1);
    expect(await rows(d.db, 'crane_reading', CRANE)).toEqual([
      expect.objectContaining({ load_ratio: 300, moment_ratio: 0, height: -100, radius: 150, wind_speed: 0, tilt: 90, load_kg: 1_000_000 }),
      expect.objectContaining({ load_ratio: 0, height: 1000, wind_speed: 120, tilt: -90, load_kg: 0 }),
    ]);
    expect((await rows<{ floor: number }>(d.db, 'crane_reading', LIFT)).map((r) => r.floor)).toEqual([-20, 200]);
    expect(await rows(d.db, 'gas_reading', GAS)).toEqual([expect.objectContaining({ lel: 100, o2: 0, co: 10000, h2s: 0 })]);
    expect(await rows(d.db, 'env_reading', DUST_HTTP)).toEqual([
      expect.objectContaining({ pm25: 10000, pm10: 0, tsp: 30000, noise: 140, temperature: -60, humidity: 100, pressure: 30, wind_speed: 120, wind_direction: 360 }),
      expect.objectContaining({ noise: 20, temperature: 80, humidity: 0, pressure: 110, wind_direction: 0 }),
    ]);
    // A plausible value over its threshold still alarms (载重比 300% > 90%).
    expect((await rows<{ alarm_kind: string }>(d.db, 'monitor_alarm', CRANE)).map((a) => a.alarm_kind)).toContain('craneLoad');
  });
});

describe('HJ 212 over TCP', () => {
  let socket: Socket;
  let received = '';
  const stats = () => d.app.devices.hj212!.stats;
  const answers = () => (received.match(/CN=9014/g) ?? []).length;
  const until = async (check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  beforeAll(async () => {
    socket = connect(d.app.devices.hj212!.port, '127.0.0.1');
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  });
  afterAll(() => {
    socket?.destroy();
  });

  it('answers a real-time upload carrying an impossible value 9014 as the standard allows, stores nothing of it, raises no alarm, logs once per device and factor', async () => {
    const warn = vi.spyOn(d.app.log, 'warn');
    const before = await counts();
    const refusedBefore = stats().refused;
    const implausibleBefore = stats().implausible;
    // jinuxx/hj212's real-time dust frame (Flag=7: it asks for an answer): PM10 1e308 (above every threshold),
    // a negative PM2.5, PM10 not a number, PM10 1e308 flagged D (which would open a 设备故障 alarm), and PM10
    // just above its bound. Each with the other values of the real frame, all plausible.
    const frames = [
      altered(JINUXX, { 'a34002-Rtd': '1e308' }),
      altered(JINUXX, { 'a34002-Rtd': '1e308' }),
      altered(JINUXX, { 'a34004-Rtd': '-5' }),
      altered(JINUXX, { 'a34002-Rtd': 'NaN' }),
      altered(JINUXX, { 'a34002-Rtd': '1e308', 'a34002-Flag': 'D' }),
      altered(JINUXX, { 'a34002-Rtd': '10000.1' }),
    ];
    socket.write(frames.join(''));
    await until(() => answers() === frames.length);
    // The AQMS frame (Flag=4, no answer asked) with a noise of 3 dB(A), and flash520/hj212's minute frame with a
    // PM10 average of 99999 µg/m³ (interval records: none stored either).
    socket.write(altered(AQMS, { 'Leq-Rtd': '3' }) + altered(MINUTE, { 'a34002-Avg': '99999' }));
    await until(() => stats().implausible - implausibleBefore === frames.length + 2);
    expect(await counts()).toEqual(before);
    expect(await rows(d.db, 'env_reading', JINUXX_MN)).toEqual([]);
    expect(await rows(d.db, 'monitor_alarm', JINUXX_MN)).toEqual([]);
    // Not refused frames (those get no answer): answered uploads whose values were dropped.
    expect(stats().refused).toBe(refusedBefore);
    // Every answer is the frame's own 9014, echoing its QN.
    for (const [i, reply] of received.split('\r\n').filter(Boolean).entries()) {
      expect(reply).toContain(`QN=${segmentOf(frames[i]).slice(3, 20)};ST=91;CN=9014;PW=123456;MN=${JINUXX_MN};Flag=4;CP=&&&&`);
    }
    // Logged once per device and factor: PM10 and PM2.5 of jinuxx's monitor, noise of the AQMS one, PM10 of the minute one.
    const lines = warn.mock.calls.map((c) => String(c[1])).filter((m) => m.startsWith('HJ212 数据超出合理范围'));
    expect(lines).toEqual([
      'HJ212 数据超出合理范围，整条数据未存储（已应答）：监测项 pm10（PM10）应在0～10000µg/m³之间，收到 1e+308',
      'HJ212 数据超出合理范围，整条数据未存储（已应答）：监测项 pm25（PM2.5）应在0～10000µg/m³之间，收到 -5',
      'HJ212 数据超出合理范围，整条数据未存储（已应答）：监测项 noise（噪声）应在20～140dB之间，收到 3',
      'HJ212 数据超出合理范围，整条数据未存储（已应答）：监测项 pm10（PM10）应在0～10000µg/m³之间，收到 99999',
    ]);
    warn.mockRestore();
  });

  it('stores the same real frames with values exactly at the bounds', async () => {
    const storedBefore = stats().stored;
    const intervalsBefore = stats().intervals;
    socket.write(
      altered(JINUXX, { 'a34004-Rtd': '0', 'a34002-Rtd': '10000', 'a34001-Rtd': '30000', 'a01001-Rtd': '-60', 'a01002-Rtd': '100', 'a01006-Rtd': '30', 'a01007-Rtd': '120', 'a01008-Rtd': '360' }) +
        altered(AQMS, { 'Leq-Rtd': '20', 'a01006-Rtd': '110', 'a01008-Rtd': '0' }) +
        altered(AQMS, { 'Leq-Rtd': '140' }) +
        altered(MINUTE, { 'a34002-Avg': '10000', 'a01001-Avg': '80', 'a01002-Avg': '0' }),
    );
    await until(() => stats().stored - storedBefore === 3 && stats().intervals - intervalsBefore === 1);
    expect(await rows(d.db, 'env_reading', JINUXX_MN)).toEqual([
      expect.objectContaining({ pm25: 0, pm10: 10000, tsp: 30000, temperature: -60, humidity: 100, pressure: 30, wind_speed: 120, wind_direction: 360 }),
    ]);
    expect((await rows<Record<string, unknown>>(d.db, 'env_reading', AQMS_MN)).map((r) => [r.noise, r.pressure, r.wind_direction])).toEqual([[20, 110, 0], [140, 30.4, 335]]);
    const minute = new Map((await rows<{ factor: string; avg_value: number }>(d.db, 'env_interval', MINUTE_MN)).map((r) => [r.factor, r.avg_value]));
    expect([minute.get('pm10'), minute.get('temperature'), minute.get('humidity')]).toEqual([10000, 80, 0]);
    // Plausible, so they alarm as any reading: PM10 10000 µg/m³ is over the 150 limit.
    expect((await rows<{ alarm_kind: string }>(d.db, 'monitor_alarm', JINUXX_MN)).map((a) => a.alarm_kind)).toContain('pm10');
  });
});
