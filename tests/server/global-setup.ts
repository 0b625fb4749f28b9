// Once per server-suite run: on PGlite, build the seeded demo database once and dump it, so each test
// file's app starts from that dump (startApp, helpers.ts) instead of running initdb, every migration,
// the table sync and the demo seed again (about 12 s a file on a busy two-core machine, 2 s from the
// dump). buildApp still runs the whole start on it, which then finds nothing to do. On PostgreSQL
// (DATABASE_URL) every file keeps its own fresh schema.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSnapshot } from './snapshot';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  export interface ProvidedContext {
    /** The dumped seeded PGlite data folder (a .tar file), or '' on PostgreSQL. */
    pgliteSnapshot: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteSnapshot', '');
    return () => {};
  }
  const dir = mkdtempSync(join(tmpdir(), 'zhgd-snapshot-'));
  const file = join(dir, 'seeded.tar');
  writeFileSync(file, Buffer.from(await (await buildSnapshot()).arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
