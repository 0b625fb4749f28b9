import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const MOCKS = /\bvi\.(do)?[mM]ock\(/;
const RELATIVE_IMPORT = /from '(\.{1,2}\/[^']+)'/g;

/** The file's own text and that of the test modules it imports relatively (support files, stubs). */
function mocksModules(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  if (MOCKS.test(text)) return true;
  for (const [, spec] of text.matchAll(RELATIVE_IMPORT)) {
    const base = resolve(dirname(file), spec);
    if (!base.includes(`${join('tests', 'unit')}`)) continue; // the code under test mocks nothing
    if (['', '.ts', '.tsx'].some((ext) => mocksModules(base + ext, seen))) return true;
  }
  return false;
}

const unitFiles = (readdirSync('tests/unit', { recursive: true }) as string[]).filter((f) => /\.test\.tsx?$/.test(f)).map((f) => join('tests/unit', f));
/**
 * Unit files that replace modules (vi.mock, directly or through a stub they import) run isolated, each in
 * a fresh module graph; the others share their worker's (isolate: false) — antd, React and the console's
 * modules are imported once per worker instead of once per file: 277 s → about 150 s on two cores.
 */
const mockingUnitFiles = unitFiles.filter((f) => mocksModules(f));

const UNIT = {
  environment: 'jsdom' as const,
  setupFiles: ['tests/unit/setup.ts'],
  // Two files at a time on a two-core machine too (vitest's default there is one).
  maxWorkers: 2,
  // antd screens under jsdom take seconds each on a busy two-core machine; 5 s flaked there.
  testTimeout: 20_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: { ...UNIT, name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], exclude: mockingUnitFiles, isolate: false },
      },
      {
        plugins: [react()],
        test: { ...UNIT, name: 'unit-mocks', include: mockingUnitFiles },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // The seeded PGlite database, built once per run and loaded by every file's app (global-setup.ts).
          globalSetup: ['tests/server/global-setup.ts'],
          // Two files at a time even on a two-core machine (vitest's default there is one): much of a file's
          // time is waiting on PostgreSQL, timers and sockets; measured 540 s → 281 s on PostgreSQL.
          maxWorkers: 2,
          // Files of a worker share its module cache: the server's modules are imported once per worker, not
          // once per file (about 2 s a file). Each file builds its own app and database; the server keeps
          // almost no module state (docs/architecture.md "Kept fast").
          isolate: false,
          // Matrix and fuzz tests make thousands of calls: generous limits so a busy machine does not fail them.
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // Bursts of 50 logins at once test the throttle, not an overload: on a machine running three suites
          // PGlite's 2 s admission bound refused most of one (CI, 40 of 50 answered 503). The admission
          // stays on with a generous bound; tests/server/pglite-overload.test.ts sets its own.
          env: { PGLITE_MAX_WAIT_MS: process.env.PGLITE_MAX_WAIT_MS ?? '30000' },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // One quiet server, one with the simulator and one Chromium for the whole run (global-setup.ts).
          globalSetup: ['tests/e2e/global-setup.ts'],
          // One file at a time: two at once measured 1107 s against 1217 s on two cores (the browser's
          // rendering keeps them busy), too little for the risk of files meeting on the shared servers.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
