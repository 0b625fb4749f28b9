// `npm run dev` only (scripts/dev.mjs talks to this process over IPC; without a channel nothing happens):
// it says when the server listens, and checks edited schemas with the same loader the start uses, so a
// bad edit is found while the last good schemas keep running. A good edit of page schemas alone is applied
// in place (server/platform/live-schemas.ts: the browser draws it within a second or two); any other good
// edit rebuilds the app in this process on the same database (server/dev-reload.ts: tables, grants and
// seeds synced as at start, about a second); the open page sees the schemas' version move and draws them.
import { formatProblem, formatProblemZh, SchemaError } from '../common/metadata/problems';
import type { DevApps } from './dev-reload';
import { loadCatalog, type Catalog } from './platform/catalog';
import { applyPagesLive } from './platform/live-schemas';

type DevMessage =
  | { type: 'ready' }
  | { type: 'schemas-live' }
  | { type: 'schemas-applied'; ms: number }
  | { type: 'schema-error'; lines: string[] };

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

/** Answers the supervisor's `check-schemas`: a good edit runs in `apps` (pages in place, the rest rebuilt). */
export function answerSchemaChecks(apps: DevApps, dir?: string): void {
  if (!process.send) return;
  const send = (message: DevMessage) => process.send?.(message);
  send({ type: 'ready' });
  const apply = async (): Promise<DevMessage> => {
    const checked = checkSchemas(dir);
    if (!checked.catalog) return { type: 'schema-error', lines: checked.lines };
    if (applyPagesLive(apps.current().liveSchemas, checked.catalog)) return { type: 'schemas-live' };
    try {
      return { type: 'schemas-applied', ms: await apps.rebuild(checked.catalog) };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { type: 'schema-error', lines: [`配置无法应用 / the schemas could not be applied: ${reason}`] };
    }
  };
  // One edit at a time: a save during a rebuild is checked after it.
  let queue = Promise.resolve();
  process.on('message', (message: { type?: string } | null) => {
    if (message?.type !== 'check-schemas') return;
    queue = queue.then(apply).then((answer) => {
      send(answer);
    });
  });
}
