// Vite side of `npm run dev` schema reload (scripts/dev.mjs): under the supervisor, an edit of schemas/
// or of the generated files is not hot-updated on its own; the page reloads when the supervisor says the
// API server runs the new schemas (`reload`), and a bad edit shows in Vite's error overlay
// (`schema-error`) while the page keeps the last good schemas. Vite run alone behaves as usual.
import { resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

type SupervisorMessage = { type: 'reload' } | { type: 'schema-error'; lines: string[] };

export function schemaReload(root: string): Plugin {
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
