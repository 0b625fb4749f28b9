// Problems are reported as `file: JSON pointer: message`, the same lines from codegen and server start.
import type { SchemaProblem } from './types';

/** A JSON pointer (RFC 6901) from path segments. */
export const pointer = (...segments: Array<string | number>): string =>
  segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

export const formatProblem = (p: SchemaProblem): string => `${p.file}: ${p.pointer || '/'}: ${p.message}`;

export const formatProblems = (problems: readonly SchemaProblem[]): string => problems.map(formatProblem).join('\n');

/** The error a program throws when schemas/ is invalid; its message holds one line per problem. */
export class SchemaError extends Error {
  readonly problems: readonly SchemaProblem[];
  constructor(problems: readonly SchemaProblem[]) {
    super(`schemas/ has ${problems.length} problem(s):\n${formatProblems(problems)}`);
    this.name = 'SchemaError';
    this.problems = problems;
  }
}
