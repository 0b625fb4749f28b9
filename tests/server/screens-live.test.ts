// The demo simulator (one tick driven directly) and the screens' event stream over a real listen.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceStats } from '../../server/screens/device-stats';
import type { EnterpriseOverview } from '../../server/screens/enterprise-overview';
import { SCREEN_PATHS } from '../../server/screens/routes';
import { call, session } from './helpers';
import { seedRows, startScreensApp } from './screens-support';

let app: FastifyInstance;
let admin: string;
let base: string;

beforeAll(async () => {
  app = await startScreensApp({ screenStream: { pollMs: 100, heartbeatMs: 400 } });
  admin = (await session(app, 'sysadmin')).token;
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

const DUST = '2024001-DUST-01';
const onlineEnvDevices = seedRows('monitor-device').filter((d) => d.online && (d.deviceKind === 'dust' || d.deviceKind === 'noise')).length;

async function deviceId(code: string): Promise<string> {
  const list = await call<Array<{ id: string }>>(app, 'GET', '/prod-api/api/MonitorDevice/WherePageList', {
    token: admin,
    query: { index: 0, size: 10, filters: JSON.stringify([{ field: 'deviceCode', operator: 'eq', value: code }]) },
  });
  return list.body.data![0].id;
}

describe('simulator tick', () => {
  it('appends readings for every online device and raises an alarm past a threshold', async () => {
    // The device's own PM10 limit set through the generic entity API: any reading crosses it.
    const modified = await call(app, 'POST', '/prod-api/api/MonitorDevice/Modify', { token: admin, body: { rec_id: await deviceId(DUST), pm10Threshold: 1 } });
    expect(modified.body.status).toBe(1);
    const before = (await call<EnterpriseOverview>(app, 'GET', SCREEN_PATHS.enterpriseOverview, { token: admin })).body.data!;

    const report = await app.simulator!.tick();
    expect(report.envReadings).toBe(onlineEnvDevices);
    expect(report.craneReadings).toBeGreaterThan(0);
    expect(report.alarms).toBeGreaterThanOrEqual(1);

    const after = (await call<EnterpriseOverview>(app, 'GET', SCREEN_PATHS.enterpriseOverview, { token: admin })).body.data!;
    const alarm = after.alarms.find((a) => a.deviceCode === DUST && a.kind === 'pm10' && Date.parse(a.time) > Date.now() - 60_000);
    expect(alarm).toMatchObject({ level: '1', levelName: '市级', handled: false, threshold: 1 });
    // The new readings are the latest and fill the current hour of the trend.
    const latest = after.environment.latest.find((l) => l.deviceCode === DUST)!;
    expect(Date.parse(latest.time)).toBeGreaterThan(Date.now() - 60_000);
    expect(after.environment.trend.at(-1)!.pm10).not.toBeNull();
    expect(after.alarms.length).toBeGreaterThanOrEqual(before.alarms.length);
    const stats = (await call<DeviceStats>(app, 'GET', SCREEN_PATHS.devices, { token: admin })).body.data!;
    expect(stats.alarm).toBeGreaterThanOrEqual(1);

    // Within the quiet window the same alarm is not raised again.
    const again = await app.simulator!.tick();
    expect(again.envReadings).toBe(onlineEnvDevices);
    const count = (await call<EnterpriseOverview>(app, 'GET', SCREEN_PATHS.enterpriseOverview, { token: admin })).body.data!.alarms.filter(
      (a) => a.deviceCode === DUST && a.kind === 'pm10' && !a.handled && Date.parse(a.time) > Date.now() - 60_000,
    ).length;
    expect(count).toBe(1);
  });
});

/** Reads server-sent events until `done` says enough. */
async function readEvents(res: Response, done: (events: Array<{ event: string; data: unknown }>) => boolean, onReady?: () => Promise<void>) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: Array<{ event: string; data: unknown }> = [];
  let buffer = '';
  while (!done(events)) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    buffer += decoder.decode(value, { stream: true });
    let at: number;
    while ((at = buffer.indexOf('\n\n')) >= 0) {
      const chunk = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      const event = /^event: (.*)$/m.exec(chunk)?.[1] ?? 'message';
      const data = JSON.parse(/^data: (.*)$/m.exec(chunk)?.[1] ?? 'null') as unknown;
      events.push({ event, data });
      if (event === 'ready' && onReady) await onReady();
    }
  }
  await reader.cancel();
  return events;
}

describe('Stream', () => {
  // Timing-bound (100 ms polls, 400 ms heartbeats); in `npm test` the suite runs at low priority beside e2e.
  it('sends update with the changed panels after a tick, and heartbeats', { retry: 2 }, async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}${SCREEN_PATHS.stream}?screen=EnterpriseOverview`, { headers: { authorization: `Bearer ${admin}` }, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = await readEvents(
      res,
      (e) => e.some((x) => x.event === 'update') && e.some((x) => x.event === 'heartbeat'),
      async () => {
        await app.simulator!.tick();
      },
    );
    controller.abort();
    const update = events.find((e) => e.event === 'update')!.data as { screen: string; panels: string[] };
    expect(update.screen).toBe('EnterpriseOverview');
    expect(update.panels).toEqual(expect.arrayContaining(['environment', 'devices']));
  });

  it('accepts the access_token cookie and refuses no session or an unknown screen', async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}${SCREEN_PATHS.stream}?screen=EnterpriseOverview`, { headers: { cookie: `access_token=${admin}` }, signal: controller.signal });
    expect(res.status).toBe(200);
    const events = await readEvents(res, (e) => e.length > 0);
    expect(events[0].event).toBe('ready');
    controller.abort();

    expect((await fetch(`${base}${SCREEN_PATHS.stream}?screen=EnterpriseOverview`)).status).toBe(401);
    const unknown = await call(app, 'GET', SCREEN_PATHS.stream, { token: admin, query: { screen: 'Nope' } });
    expect(unknown.body).toMatchObject({ status: 0 });
  });
});
