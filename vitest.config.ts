import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // Two files at a time on a two-core machine too (vitest's default there is one).
          maxWorkers: 2,
          // antd screens under jsdom take seconds each on a busy two-core machine; 5 s flaked there.
          testTimeout: 20_000,
        },
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
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // One quiet server, one with the simulator and one Chromium for the whole run (global-setup.ts).
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
