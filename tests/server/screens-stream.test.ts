// The Stream for every screen (docs/screens-api.md): each screen name is accepted, its panels are keys of
// that screen's answer, and writing a screen's data sends an update naming the panels that read it.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREEN_PATHS, SCREENS, screenPath, type ScreenName } from '../../server/screens/routes';
import { panelsOf, PANELS_BY_SOURCE } from '../../server/screens/stream';
import { catalog, projectId } from './engine-support';
import { call, session } from './helpers';
import { createRow } from './screens-fixtures';
import { startScreensApp } from './screens-support';

let app: FastifyInstance;
let admin: string;
let base: string;

beforeAll(async () => {
  app = await startScreensApp({ screenStream: { pollMs: 100, heartbeatMs: 60_000 } });
  admin = (await session(app, 'sysadmin')).token;
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

type Event = { event: string; data: { screen?: string; panels?: string[] } };

/** Opens a stream and reads events until `done`, running `onReady` once the ready event arrived. */
async function stream(screen: string, done: (events: Event[]) => boolean, onReady?: () => Promise<unknown>): Promise<Event[]> {
  const controller = new AbortController();
  const res = await fetch(`${base}${SCREEN_PATHS.stream}?screen=${screen}`, { headers: { authorization: `Bearer ${admin}` }, signal: controller.signal });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: Event[] = [];
  let buffer = '';
  try {
    while (!done(events)) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const chunk = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = { event: /^event: (.*)$/m.exec(chunk)?.[1] ?? 'message', data: JSON.parse(/^data: (.*)$/m.exec(chunk)?.[1] ?? 'null') as Event['data'] };
        events.push(event);
        if (event.event === 'ready' && onReady) await onReady();
      }
    }
  } finally {
    controller.abort();
  }
  return events;
}

const SCREEN_NAMES = Object.keys(SCREENS) as ScreenName[];

describe('Stream', () => {
  it('knows every screen, and each panel it names is a key of that screen’s answer', async () => {
    expect(Object.keys(PANELS_BY_SOURCE).sort()).toEqual([...SCREEN_NAMES, 'EnterpriseOverview', 'Roster'].sort());
    for (const name of SCREEN_NAMES) {
      const events = await stream(name, (e) => e.length > 0);
      expect(events[0]).toEqual({ event: 'ready', data: { screen: name, panels: panelsOf(name) } });
      const answer = await call<Record<string, unknown>>(app, 'GET', screenPath(name), { token: admin });
      for (const panel of panelsOf(name)) expect(Object.keys(answer.body.data!), `${name}.${panel}`).toContain(panel);
    }
    expect((await stream('Roster', (e) => e.length > 0))[0].data.panels).toEqual(['rows']);
  });

  /** The id of a project's first seeded worker: seed rows get ids 1, 2, … in file order. */
  const rosterWorker = (projectNo: string): number => (catalog.seeds.get('Worker') ?? []).findIndex((w) => w.projectNo === projectNo) + 1;

  it('sends the panels a write touches: hazards, passages, attendance', async () => {
    const pid = await projectId(app, admin, 'NJJG-2024-002');
    const now = () => new Date(Date.now() - 1000).toISOString();
    const updated = (e: Event[]) => e.some((x) => x.event === 'update');
    const [quality, vehicle, personnel] = await Promise.all([
      stream('QualitySafety', updated, () =>
        createRow(app, admin, 'Hazard', {
          projectId: pid, hazardNo: 'YH-STREAM-1', hazardType: '4', level: '1', checkKind: '1', description: '配电箱未上锁', foundAt: now(), rectifyDeadline: '2099-01-01', status: '1',
        }),
      ),
      stream('Vehicle', updated, () => createRow(app, admin, 'VehiclePassage', { projectId: pid, plateNo: '川K55555', vehicleType: '2', direction: 'in', passTime: now() })),
      stream('BuildPersonnel', updated, () =>
        // A worker on NJJG-2024-002's roster: the record's worker must be of its project (filterBy).
        createRow(app, admin, 'AttendanceRecord', { projectId: pid, workerId: rosterWorker('NJJG-2024-002'), workerName: '王强', workDate: '2030-01-01', inTime: now() }),
      ),
    ]);
    const update = (events: Event[]) => events.find((e) => e.event === 'update')!.data;
    expect(update(quality)).toMatchObject({ screen: 'QualitySafety', panels: expect.arrayContaining(['summary', 'openList', 'trend']) });
    expect(update(vehicle)).toMatchObject({ screen: 'Vehicle', panels: expect.arrayContaining(['summary', 'latest', 'hourly']) });
    expect(update(personnel).panels).toEqual(PANELS_BY_SOURCE.BuildPersonnel.attendance);
  });

  it('refuses an unknown screen, also a name of the object prototype', async () => {
    for (const screen of ['Nope', 'constructor', 'toString', '__proto__']) {
      const reply = await call(app, 'GET', SCREEN_PATHS.stream, { token: admin, query: { screen } });
      expect(reply.body).toMatchObject({ status: 0, detail: `未知的大屏：${screen}` });
    }
  });
});
