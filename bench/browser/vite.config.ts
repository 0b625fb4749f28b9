// The UI benchmark's own production build (bench/browser/index.html → .tmp/bench-dist), apart from the
// product build (vite.config.ts → dist/).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const BENCH_OUT_DIR = here('../../.tmp/bench-dist');

export default defineConfig({
  root: here('.'),
  base: './',
  mode: 'production',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: BENCH_OUT_DIR,
    emptyOutDir: true,
    chunkSizeWarningLimit: 5000,
    reportCompressedSize: false,
    // BENCH_MINIFY=0 keeps function names for profiling.
    minify: process.env.BENCH_MINIFY !== '0',
  },
});
