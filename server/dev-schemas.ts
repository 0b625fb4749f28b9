// `npm run dev` only (scripts/dev.mjs talks to this process over IPC; without a channel nothing happens):
// it says when the server listens, and checks edited schemas with the same loader the start uses, so a
// bad edit is found while the last good schemas keep running. A good edit of page schemas alone is applied
// in place (server/domain/live-schemas.ts: the browser draws it within a second or two); any other good
// edit makes the supervisor restart the server (tables, routes and seeds are synced at start).
import { formatProblem, formatProblemZh, SchemaError } from '../common/metadata/problems';
import { loadCatalog, type Catalog } from './domain/catalog';
import { applyPagesLive, type LiveSchemas } from './domain/live-schemas';

type DevMessage = { type: 'ready' } | { type: 'schemas-ok' } | { type: 'schemas-live' } | { type: 'schema-error'; lines: string[] };

type Checked = { catalog: Catalog; lines: [] } | { catalog: null; lines: string[] };

function checkSchemas(dir?: string): Checked {
  try {
    return { catalog: loadCatalog(dir), lines: [] };
  } catch (error) {
    if (error instanceof SchemaError) {
      return {
        catalog: null,
        lines: [
          ...error.problems.flatMap((p) => [formatProblemZh(p), formatProblem(p)]),
          `schemas/ 有 ${error.problems.length} 个配置问题 / schemas/ has ${error.problems.length} problem(s)`,
        ],
      };
    }
    return { catalog: null, lines: [`配置无法读取 / schemas cannot be read: ${error instanceof Error ? error.message : String(error)}`] };
  }
}

/** The problems of the schemas in `dir`, one Chinese and one English line each; [] when they load. */
export const schemaProblems = (dir?: string): string[] => checkSchemas(dir).lines;

/** `live`: the running schemas, which take a good edit of pages alone in place (no restart). */
export function answerSchemaChecks(dir?: string, live?: LiveSchemas): void {
  if (!process.send) return;
  const send = (message: DevMessage) => process.send?.(message);
  send({ type: 'ready' });
  process.on('message', (message: { type?: string } | null) => {
    if (message?.type !== 'check-schemas') return;
    const checked = checkSchemas(dir);
    if (!checked.catalog) return send({ type: 'schema-error', lines: checked.lines });
    send(live && applyPagesLive(live, checked.catalog) ? { type: 'schemas-live' } : { type: 'schemas-ok' });
  });
}
