import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The API server listens on PORT (default 3000); `npm run dev` proxies the two base paths of §7.1 to it.
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), schemaReload(import.meta.dirname), precompress()],
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
function precompress(): Plugin {
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
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
