// Shared by the per-screen tests (screens-<topic>.test.ts): calling a screen, writing rows through the
// generic entity API as the system administrator, and what the seed files say a demo user sees.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { cstDate } from '../../server/screens/format';
import { screenPath, type ScreenName } from '../../server/screens/routes';
import { endpoint } from './engine-support';
import { call, type Reply } from './helpers';
import { projectNosOf, seedRows } from './screens-support';

export const todayCst = (): string => cstDate(new Date());

/** One screen's answer for a token (status 1 expected). */
export async function screen<T>(app: FastifyInstance, token: string, name: ScreenName, query: Record<string, string | number> = {}): Promise<T> {
  const reply: Reply<T> = await call<T>(app, 'GET', screenPath(name), { token, query });
  expect(reply.body, `${name}: ${JSON.stringify(reply.body).slice(0, 300)}`).toMatchObject({ status: 1 });
  return reply.body.data!;
}

/** Creates a row of an entity through its generic create endpoint; answers the written row. */
export async function createRow<T = Record<string, unknown>>(app: FastifyInstance, token: string, entity: string, body: Record<string, unknown>): Promise<T & { id: string }> {
  const reply = await call<T & { id: string }>(app, 'POST', endpoint(entity, 'create'), { token, body });
  expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ status: 1 });
  return reply.body.data!;
}

export async function updateRow(app: FastifyInstance, token: string, entity: string, body: Record<string, unknown>): Promise<void> {
  const reply = await call(app, 'POST', endpoint(entity, 'update'), { token, body });
  expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ status: 1 });
}

type Row = ReturnType<typeof seedRows>[number];

/** Seeded workers of a demo user's projects on the roster today (entered, not exited). */
export function rosterSeed(userName: string, today = todayCst()): Row[] {
  const nos = projectNosOf(userName);
  return seedRows('worker').filter(
    (w) => nos.has(w.projectNo) && (!w.entryDate || String(w.entryDate) <= today) && (!w.exitDate || String(w.exitDate) > today),
  );
}

/** A worker's row id, found by id card number through the Worker list. */
export async function workerId(app: FastifyInstance, token: string, idCardNo: string): Promise<string> {
  const filters = JSON.stringify([{ field: 'idCardNo', operator: 'eq', value: idCardNo }]);
  const reply = await call<Array<{ id: string }>>(app, 'GET', endpoint('Worker', 'list'), { token, query: { index: 0, size: 5, filters } });
  const id = reply.body.data?.[0]?.id;
  if (!id) throw new Error(`no worker ${idCardNo}: ${JSON.stringify(reply.body)}`);
  return id;
}
