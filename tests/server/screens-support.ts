// Shared by the screens tests: an app with the simulator handle (its timer effectively off, ticks driven
// by the test) and what the seed files say each demo user should see.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { isRelativeDate } from '../../common/metadata/relative-dates';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions } from '../../server/app';
import { areaPrefix } from '../../server/platform/projects';
import { PROJECTS, USERS } from '../../server/seed/demo-data';
import { startApp } from './helpers';

export const startScreensApp = (extra: Partial<BuildOptions> = {}): Promise<FastifyInstance> =>
  startApp({
    simulator: { intervalMs: 3_600_000, backfillHours: 0, toggleProbability: 0 },
    ...extra,
  });

type Row = Record<string, unknown> & { projectNo: string };
export const seedRows = (file: string): Row[] =>
  (JSON.parse(readFileSync(new URL(`../../schemas/seed/${file}.json`, import.meta.url), 'utf8')) as { rows: Row[] }).rows;

/** Project numbers a demo user sees (docs/api.md scope rules), worked out from the demo data. */
export function projectNosOf(userName: string): Set<string> {
  const user = USERS.find((u) => u.userName === userName);
  if (!user) throw new Error(`no demo user ${userName}`);
  if (user.authType === '2') return new Set(user.projects ?? []);
  if (user.authType === '1') {
    const prefix = areaPrefix(user.areaCode ?? '');
    return new Set(PROJECTS.filter((p) => p.area.startsWith(prefix)).map((p) => p.no));
  }
  // qiye01: the group company and all its subsidiaries hold every demo project.
  return new Set(PROJECTS.map((p) => p.no));
}

/**
 * An answered alarm list (times) against the seeded alarms of the scope: newest first, all of them, and the
 * absolutely dated ones at their times (times relative to now — `$now-90min` — are resolved when seeded).
 */
export function expectSeededAlarmTimes(answered: readonly string[], seeded: readonly Row[]): void {
  const times = answered.map((t) => Date.parse(t));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  expect(times).toHaveLength(seeded.length);
  const fixed = seeded.filter((a) => !isRelativeDate(a.alarmTime)).map((a) => Date.parse(String(a.alarmTime)));
  expect(times.filter((t) => fixed.includes(t))).toEqual([...fixed].sort((a, b) => b - a));
}
