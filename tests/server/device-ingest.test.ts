// The signed HTTP device endpoint (docs/device-ingestion.md): per-device HMAC of timestamp and body, the
// timestamp window, replays refused across processes (database memory), unknown devices and bad bodies
// refused in Chinese with nothing written, readings stored in the device's table, alarm episodes.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { DEVICE_PUSH_PATH, INGEST_MESSAGES } from '../../server/devices/http-ingest';
import { markOffline } from '../../server/devices/offline';
import { deviceHeaders } from '../../server/devices/signature';
import { deviceTables } from '../../server/devices/tables';
import { catalog, endpoint } from './engine-support';
import { registerDevice, rows, startDeviceApp, type DeviceApp } from './device-support';
import { call, sharedDatabaseUrl } from './helpers';

const CRANE = 'INGEST-TC-01';
const LIFT = 'INGEST-SC-01';
const GAS = 'INGEST-GAS-01';
const CAMERA = 'INGEST-AI-01';
const NOKEY = 'INGEST-TC-02';
const KEY = 'k3y-For-Crane-0001!';
const OTHER_KEY = 'another-secret-key-2';

let d: DeviceApp;

async function push(code: string, key: string, body: unknown, o: { at?: number; headers?: Record<string, string>; app?: FastifyInstance } = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const headers = { ...deviceHeaders(code, key, text, o.at), ...o.headers };
  const reply = await (o.app ?? d.app).inject({ method: 'POST', url: DEVICE_PUSH_PATH, headers, payload: text });
  return { status: reply.statusCode, body: reply.json() as { status: number; detail: string; code?: number }, headers };
}
const craneRows = () => rows<Record<string, unknown>>(d.db, 'crane_reading', CRANE);
async function counts(): Promise<string> {
  const r = await sql<{ a: string; b: string; c: string; e: string }>`select
    (select count(*) from crane_reading) as a, (select count(*) from gas_reading) as b,
    (select count(*) from monitor_alarm) as c, (select count(*) from device_ingest_replay) as e`.execute(d.db);
  return JSON.stringify(r.rows[0]);
}

beforeAll(async () => {
  d = await startDeviceApp(false);
  await registerDevice(d, CRANE, 'towerCrane', { ingest_key: KEY });
  await registerDevice(d, LIFT, 'lift', { ingest_key: KEY });
  await registerDevice(d, GAS, 'gas', { ingest_key: OTHER_KEY });
  await registerDevice(d, CAMERA, 'video', { ingest_key: OTHER_KEY });
  await registerDevice(d, NOKEY, 'towerCrane');
}, 60_000);
afterAll(async () => {
  await d?.app.close();
});

describe('device ingestion endpoint', () => {
  it('never answers the device key', async () => {
    const list = await call<Array<Record<string, unknown>>>(d.app, 'GET', endpoint('MonitorDevice', 'list'), { token: d.token, query: { index: 0, size: 100, keyword: 'INGEST' } });
    expect(list.body.data!.length).toBeGreaterThan(0);
    expect(JSON.stringify(list.body)).not.toContain(KEY);
  });

  it('stores a signed crane reading and marks the device seen', async () => {
    const reply = await push(CRANE, KEY, { time: new Date().toISOString(), data: { loadRatio: 45.5, momentRatio: 40.2, height: 32, radius: 18.5, windSpeed: 3.1, tilt: 0.2, loadKg: 2730 } });
    expect(reply).toMatchObject({ status: 200, body: { status: 1, detail: INGEST_MESSAGES.received(1) } });
    expect(await craneRows()).toEqual([expect.objectContaining({ load_ratio: 45.5, moment_ratio: 40.2, height: 32, radius: 18.5, wind_speed: 3.1, tilt: 0.2, load_kg: 2730 })]);
    const device = (await rows<{ online: boolean; last_seen_at: unknown }>(d.db, 'monitor_device', CRANE))[0];
    expect(device.last_seen_at).not.toBeNull();
  });

  it('stores a batch of lift readings, gas readings, and a camera heartbeat', async () => {
    const lift = await push(LIFT, KEY, { readings: [{ data: { loadRatio: 30, floor: 5, loadKg: 600 } }, { data: { loadRatio: 35, floor: 7 } }] });
    expect(lift.body).toMatchObject({ status: 1, detail: INGEST_MESSAGES.received(2) });
    expect(await rows(d.db, 'crane_reading', LIFT)).toHaveLength(2);
    expect((await push(GAS, OTHER_KEY, { data: { lel: 3, o2: 20.9, co: 2, h2s: 0 } })).body.status).toBe(1);
    expect(await rows(d.db, 'gas_reading', GAS)).toEqual([expect.objectContaining({ lel: 3, o2: 20.9, co: 2, h2s: 0 })]);
    expect((await push(CAMERA, OTHER_KEY, { data: {} })).body.status).toBe(1);
    expect((await rows<{ last_seen_at: unknown }>(d.db, 'monitor_device', CAMERA))[0].last_seen_at).not.toBeNull();
  });

  it('turns an AI camera’s event into one alarm; only cameras send events, of known types', async () => {
    const reply = await push(CAMERA, OTHER_KEY, { data: {}, event: { type: 'helmet', message: '1号门' } });
    expect(reply.body).toMatchObject({ status: 1 });
    expect(await rows(d.db, 'monitor_alarm', CAMERA)).toEqual([
      expect.objectContaining({ alarm_kind: 'aiEvent', alarm_level: '3', message: '未佩戴安全帽：1号门', handled: false }),
    ]);
    const before = await counts();
    expect((await push(CAMERA, OTHER_KEY, { data: {}, event: { type: 'dance' } })).body.detail).toBe(INGEST_MESSAGES.badBody('event.type 不是已知的AI事件类型'));
    expect((await push(CAMERA, OTHER_KEY, { data: {}, event: { type: 'fire', x: 1 } })).body.detail).toBe(INGEST_MESSAGES.badBody('event 未知字段 x'));
    expect((await push(CRANE, KEY, { data: { loadRatio: 1 }, event: { type: 'fire' } })).body.detail).toBe(INGEST_MESSAGES.badBody('该设备不支持上报AI事件'));
    expect(await counts()).toBe(before);
  });

  it('marks a silent device offline with one 设备离线 alarm, closed by its next data', async () => {
    const tables = deviceTables(catalog);
    const offline = async () => (await rows<{ alarm_kind: string; recovered_at: unknown; message: string }>(d.db, 'monitor_alarm', LIFT)).filter((a) => a.alarm_kind === 'offline');
    const state = async () => (await rows<{ online: boolean }>(d.db, 'monitor_device', LIFT))[0].online;
    // An hour from now every device is silent for an hour; a second sweep finds nothing more to flip.
    const later = new Date(Date.now() + 3_600_000);
    expect(await markOffline(d.db, tables, 600_000, later)).toBeGreaterThan(0);
    expect(await markOffline(d.db, tables, 600_000, later)).toBe(0);
    expect(await state()).toBe(false);
    expect(await offline()).toEqual([expect.objectContaining({ recovered_at: null, message: '设备超过10分钟未上报数据' })]);
    expect((await push(LIFT, KEY, { data: { loadRatio: 20 } })).body.status).toBe(1);
    expect(await state()).toBe(true);
    expect((await offline())[0].recovered_at).not.toBeNull();
  });

  it('refuses missing headers, unknown devices, devices without a key, wrong keys and tampered bodies: 401, nothing written', async () => {
    const before = await counts();
    const body = JSON.stringify({ data: { loadRatio: 50 } });
    const bare = await d.app.inject({ method: 'POST', url: DEVICE_PUSH_PATH, headers: { 'content-type': 'application/json' }, payload: body });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toEqual({ status: 0, detail: INGEST_MESSAGES.missingHeaders, code: 401 });
    expect((await push('NO-SUCH-DEVICE', KEY, body)).body.detail).toBe(INGEST_MESSAGES.unknownDevice);
    expect((await push(NOKEY, KEY, body)).body.detail).toBe(INGEST_MESSAGES.unknownDevice);
    expect((await push(CRANE, OTHER_KEY, body)).body).toEqual({ status: 0, detail: INGEST_MESSAGES.badSignature, code: 401 });
    const signed = deviceHeaders(CRANE, KEY, body);
    const tampered = await d.app.inject({ method: 'POST', url: DEVICE_PUSH_PATH, headers: signed, payload: body.replace('50', '99') });
    expect(tampered.json()).toMatchObject({ detail: INGEST_MESSAGES.badSignature });
    expect((await push(CRANE, KEY, body, { headers: { 'x-signature': 'zz' } })).body.detail).toBe(INGEST_MESSAGES.badSignature);
    expect(await counts()).toBe(before);
  });

  it('refuses a timestamp outside the window', async () => {
    const before = await counts();
    const body = { data: { loadRatio: 50 } };
    for (const at of [Date.now() - 6 * 60_000, Date.now() + 6 * 60_000]) {
      expect((await push(CRANE, KEY, body, { at })).body).toEqual({ status: 0, detail: INGEST_MESSAGES.staleTimestamp, code: 401 });
    }
    expect((await push(CRANE, KEY, body, { headers: { 'x-timestamp': '17e11' } })).body.detail).toBe(INGEST_MESSAGES.staleTimestamp);
    expect(await counts()).toBe(before);
  });

  it('refuses a replay, also on another server process over the same database', async () => {
    const text = JSON.stringify({ data: { loadRatio: 51 } });
    const headers = deviceHeaders(CRANE, KEY, text);
    const first = await d.app.inject({ method: 'POST', url: DEVICE_PUSH_PATH, headers, payload: text });
    expect(first.json()).toMatchObject({ status: 1 });
    const before = await counts();
    const again = await d.app.inject({ method: 'POST', url: DEVICE_PUSH_PATH, headers, payload: text });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 0, detail: INGEST_MESSAGES.replay, code: 409 });
    // A second process: a new app over the same PostgreSQL database (PGlite is one process: the same app).
    if (process.env.DATABASE_URL) {
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(d.db)).rows[0].s;
      const other = await buildApp({ databaseUrl: sharedDatabaseUrl(d.app, schema), isolateSchema: false, seed: false });
      try {
        const there = await other.inject({ method: 'POST', url: DEVICE_PUSH_PATH, headers, payload: text });
        expect(there.json()).toEqual({ status: 0, detail: INGEST_MESSAGES.replay, code: 409 });
      } finally {
        await other.close();
      }
    }
    expect(await counts()).toBe(before);
  });

  it('refuses bad bodies in Chinese with nothing written', async () => {
    const before = await counts();
    const bad: Array<[unknown, string]> = [
      ['{not json', INGEST_MESSAGES.badJson],
      ['[]', INGEST_MESSAGES.badBody('应为JSON对象')],
      [{ data: { loadRatio: '50' } }, INGEST_MESSAGES.badBody('监测项 loadRatio 应为数字')],
      [{ data: { lel: 5 } }, INGEST_MESSAGES.badBody('该设备不支持监测项 lel')],
      [{ data: { loadRatio: -1 } }, INGEST_MESSAGES.badBody('监测项 loadRatio（载重比）应在0～300%之间')],
      [{ data: { floor: 1.5 } }, INGEST_MESSAGES.badBody('监测项 floor 应为整数')],
      [{ data: {} }, INGEST_MESSAGES.badBody('data 没有监测项')],
      [{ data: { loadRatio: 5 }, extra: 1 }, INGEST_MESSAGES.badBody('未知字段 extra')],
      [{ time: 'yesterday', data: { loadRatio: 5 } }, INGEST_MESSAGES.badBody('time 不是有效的时间')],
      [{ time: '2020-01-01T00:00:00Z', data: { loadRatio: 5 } }, INGEST_MESSAGES.badBody('time 超出允许范围（最近24小时内）')],
      [{ readings: [] }, INGEST_MESSAGES.badBody('readings 应为1至100条的数组')],
      [{ readings: [{ data: { loadRatio: 5 } }, 3] }, INGEST_MESSAGES.badBody('第2条应为JSON对象')],
    ];
    for (const [body, detail] of bad) {
      const reply = await push(CRANE, KEY, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body, JSON.stringify(body)).toEqual({ status: 0, detail, code: 400 });
    }
    expect(await counts()).toBe(before);
  });

  it('opens one alarm per episode from the seeded thresholds and closes it when the value is back to normal', async () => {
    const at = Date.now();
    const send = async (data: Record<string, number>, i: number) => expect((await push(CRANE, KEY, { data }, { at: at + i })).body.status).toBe(1);
    await send({ momentRatio: 95, loadRatio: 50 }, 1);
    await send({ momentRatio: 97, loadRatio: 50 }, 2);
    const moment = async () => (await rows<{ alarm_kind: string; recovered_at: unknown; threshold: number; value: number; message: string }>(d.db, 'monitor_alarm', CRANE)).filter((a) => a.alarm_kind === 'craneMoment');
    expect(await moment()).toEqual([expect.objectContaining({ recovered_at: null, value: 95, threshold: 90, message: '力矩比 95% 超过阈值 90%' })]);
    await send({ loadRatio: 50 }, 3);
    expect((await moment())[0].recovered_at).toBeNull();
    await send({ momentRatio: 60 }, 4);
    expect((await moment())[0].recovered_at).not.toBeNull();
    await send({ momentRatio: 92 }, 5);
    expect(await moment()).toHaveLength(2);
    // The administrator raises the limit on 报警阈值 (the seeded group row): 93 % is no longer over it.
    const list = await call<Array<Record<string, unknown>>>(d.app, 'GET', endpoint('DeviceThreshold', 'list'), { token: d.token, query: { index: 0, size: 100 } });
    const row = list.body.data!.find((r) => r.deviceKind === 'towerCrane' && r.metric === 'momentRatio')!;
    expect(row).toMatchObject({ upperLimit: 90, enabled: true });
    const update = await call(d.app, 'POST', endpoint('DeviceThreshold', 'update'), { token: d.token, body: { rec_id: row.id, upper_limit: 99, version: row.version } });
    expect(update.body, JSON.stringify(update.body)).toMatchObject({ status: 1 });
    const duplicate = await call(d.app, 'POST', endpoint('DeviceThreshold', 'create'), { token: d.token, body: { device_kind: 'towerCrane', metric: 'momentRatio', upper_limit: 80 } });
    expect(duplicate.body).toMatchObject({ status: 0, detail: '该设备类型的该指标已设置阈值' });
    d.app.devices.ingest.thresholds.reset();
    await send({ momentRatio: 93 }, 6);
    expect((await moment()).filter((a) => a.recovered_at === null)).toHaveLength(0);
  });
});

describe('device ingestion rate limit', () => {
  it('answers 429 in Chinese past the per-address limit, before any lookup', async () => {
    const limited = await startDeviceApp(false, { http: { perMinute: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await push('NO-SUCH-DEVICE', KEY, { data: {} }, { app: limited.app })).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect((await push('NO-SUCH-DEVICE', KEY, { data: {} }, { app: limited.app })).body).toEqual({ status: 0, detail: INGEST_MESSAGES.tooMany, code: 429 });
    } finally {
      await limited.app.close();
    }
  }, 60_000);
});
