// Once per server-suite run: on PGlite, build the seeded demo database once and dump it, so each test
// file's app starts from that dump (startApp, helpers.ts) instead of running initdb, every migration,
// the table sync and the demo seed again (about 12 s a file on a busy two-core machine, 2 s from the
// dump). buildApp still runs the whole start on it, which then finds nothing to do. On PostgreSQL
// (DATABASE_URL) the same: one seeded template database, copied for each file (pg-template.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildTemplate, dropDatabase } from './pg-template';
import { buildSnapshot } from './snapshot';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  export interface ProvidedContext {
    /** The dumped seeded PGlite data folder (a .tar file), or '' on PostgreSQL. */
    pgliteSnapshot: string;
    /** The seeded template database on PostgreSQL, or '' on PGlite. */
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void | Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = await buildTemplate(url);
    project.provide('pgliteSnapshot', '');
    project.provide('pgTemplate', template);
    return () => dropDatabase(url, template);
  }
  project.provide('pgTemplate', '');
  const dir = mkdtempSync(join(tmpdir(), 'zhgd-snapshot-'));
  const file = join(dir, 'seeded.tar');
  writeFileSync(file, Buffer.from(await (await buildSnapshot()).arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
