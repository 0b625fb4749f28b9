import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The API server listens on PORT (default 3000); `npm run dev` proxies the two base paths of §7.1 to it.
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

const progress = buildProgress();

export default defineConfig({
  plugins: [progress.plugin, react(), schemaReload(import.meta.dirname), precompress(progress)],
  server: {
    port: Number(process.env.DEV_PORT ?? 5173),
    proxy: {
      '/prod-api': apiTarget,
      '/prod-apicore': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Issue 11 delivery: what the entry loads before anything else (React, the router, the antd parts
        // of the login page) in one chunk rather than thirty small ones, so it compresses as a whole.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
});

// Vite side of `npm run dev` schema reload (scripts/dev.mjs): under the supervisor, an edit of schemas/
// or of the generated files is not hot-updated on its own; the page reloads when the supervisor says the
// API server runs the new schemas (`reload`), and a bad edit shows in Vite's error overlay
// (`schema-error`) while the page keeps the last good schemas. Vite run alone behaves as usual.

type SupervisorMessage = { type: 'reload' } | { type: 'schema-error'; lines: string[] };

function schemaReload(root: string): Plugin {
  const watched = [resolve(root, 'schemas'), resolve(root, 'common/generated'), resolve(root, 'src/engine/generated')].map((d) => d + sep);
  const supervised = typeof process.send === 'function';
  return {
    name: 'zhgd-schema-reload',
    apply: 'serve',
    handleHotUpdate(ctx) {
      if (supervised && watched.some((dir) => resolve(ctx.file).startsWith(dir))) return [];
      return undefined;
    },
    configureServer(server) {
      if (!supervised) return;
      process.on('message', (message: SupervisorMessage) => {
        if (message?.type === 'reload') server.ws.send({ type: 'full-reload' });
        if (message?.type === 'schema-error') {
          server.ws.send({ type: 'error', err: { message: message.lines.join('\n'), stack: '', plugin: 'schemas', id: 'schemas/' } });
        }
      });
    },
  };
}

// Delivery (docs/architecture.md): every compressible file of the build also as .br (quality 11) and .gz
// (level 9) beside it, so the server sends them without compressing per request (@fastify/static
// preCompressed; server/http/compression.ts covers the rest).
function precompress(progress: BuildProgress): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'zhgd-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      progress.step('预压缩 (brotli/gzip)');
      let count = 0;
      // The longest step of a build (brotli at quality 11): a line every few seconds, never silent (issue 29).
      const files = [...walk(outDir)].filter((file) => /\.(js|css|html|svg|json|txt)$/.test(file));
      let told = Date.now();
      for (const [i, file] of files.entries()) {
        if (Date.now() - told >= 5000) {
          progress.note(`已压缩 ${i}/${files.length} 个文件`);
          told = Date.now();
        }
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        count += 1;
      }
      progress.done(`${count} 个文件已预压缩`);
    },
  };
}

// Build progress (issue 11 "the build shows progress"): numbered steps and a module count while sources
// compile, printed whatever the log level (scripts/build-if-stale.mjs builds with --logLevel warn), so
// `npm run build` and the first `npm start` never sit silent.
type BuildProgress = { plugin: Plugin; step: (label: string) => void; note: (detail: string) => void; done: (detail: string) => void };

function buildProgress(): BuildProgress {
  const STEPS = 4;
  let n = 0;
  let started = 0;
  let modules = 0;
  let active = false;
  const print = (line: string) => process.stdout.write(`${line}\n`);
  const step = (label: string) => {
    if (!active) return;
    n += 1;
    print(`[${n}/${STEPS}] ${label}…`);
  };
  const plugin: Plugin = {
    name: 'zhgd-build-progress',
    apply: 'build',
    buildStart() {
      active = true;
      n = 0;
      modules = 0;
      started = Date.now();
      step('编译源码');
    },
    transform() {
      modules += 1;
      if (modules % 1000 === 0) print(`      已编译 ${modules} 个模块`);
      return null;
    },
    buildEnd() {
      if (active) print(`      共编译 ${modules} 个模块`);
    },
    renderStart() {
      step('打包分块');
    },
    generateBundle(_options, bundle) {
      if (active) print(`      共 ${Object.keys(bundle).length} 个文件`);
      step('写出文件');
    },
  };
  return {
    plugin,
    step,
    note(detail) {
      if (active) print(`      ${detail}`);
    },
    done(detail) {
      if (!active) return;
      print(`      ${detail}`);
      print(`构建完成，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`);
      active = false;
    },
  };
}
