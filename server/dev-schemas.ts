// `npm run dev` only (scripts/dev.mjs talks to this process over IPC; without a channel nothing happens):
// it says when the server listens, and checks edited schemas with the same loader the start uses, so a
// bad edit is found while the last good schemas keep running. The supervisor restarts the server on a
// good one (tables, routes and seeds are synced at start).
import { formatProblem, formatProblemZh, SchemaError } from '../common/metadata/problems';
import { loadCatalog } from './domain/catalog';

type DevMessage = { type: 'ready' } | { type: 'schemas-ok' } | { type: 'schema-error'; lines: string[] };

/** The problems of the schemas in `dir`, one Chinese and one English line each; [] when they load. */
export function schemaProblems(dir?: string): string[] {
  try {
    loadCatalog(dir);
    return [];
  } catch (error) {
    if (error instanceof SchemaError) {
      return [
        ...error.problems.flatMap((p) => [formatProblemZh(p), formatProblem(p)]),
        `schemas/ 有 ${error.problems.length} 个配置问题 / schemas/ has ${error.problems.length} problem(s)`,
      ];
    }
    return [`配置无法读取 / schemas cannot be read: ${error instanceof Error ? error.message : String(error)}`];
  }
}

export function answerSchemaChecks(dir?: string): void {
  if (!process.send) return;
  const send = (message: DevMessage) => process.send?.(message);
  send({ type: 'ready' });
  process.on('message', (message: { type?: string } | null) => {
    if (message?.type !== 'check-schemas') return;
    const lines = schemaProblems(dir);
    send(lines.length === 0 ? { type: 'schemas-ok' } : { type: 'schema-error', lines });
  });
}
