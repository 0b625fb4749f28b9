// Problems are reported as `file: JSON pointer: message` (English) and `file:line:column JSON pointer: 说明`
// (Chinese), the same lines from codegen and server start.
import type { SchemaProblem } from './types';

/** A JSON pointer (RFC 6901) from path segments. */
export const pointer = (...segments: Array<string | number>): string =>
  segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

export const formatProblem = (p: SchemaProblem): string => `${p.file}: ${p.pointer || '/'}: ${p.message}`;

export const formatProblems = (problems: readonly SchemaProblem[]): string => problems.map(formatProblem).join('\n');

/** Reports one problem: file, JSON pointer, the English text and the Chinese one (what is wrong, what would be right). */
export type Report = (file: string, at: string, message: string, messageZh: string) => void;

/** Where a problem is: `file:line:column` when the position is known, else the file. */
export const problemPlace = (p: SchemaProblem): string => (p.line !== undefined ? `${p.file}:${p.line}:${p.column ?? 1}` : p.file);

/**
 * The problem's Chinese line: `file:line:column JSON pointer: 说明` (`schemas/entities/contract.json:12:5
 * /fields/3/dictionary/type: 字典“contractKindX”不存在…`); without a position `file: JSON pointer: 说明`.
 */
export function formatProblemZh(p: SchemaProblem): string {
  const at = p.pointer || '/';
  const said = p.messageZh ?? `配置有误：${p.message}`;
  return p.line !== undefined ? `${problemPlace(p)} ${at}: ${said}` : `${p.file}: ${at}: ${said}`;
}

/** Values as a Chinese list names them: `1、2、3`, or （无） when there is none. */
export const listZh = (values: Iterable<unknown>): string => [...values].map(String).join('、') || '（无）';

/** `实体 X 没有字段“y”，可选：a、b、c` — an unknown field name, with the fields the entity has. */
export const noFieldZh = (entity: { name: string; fields: ReadonlyArray<{ name: string }> }, name: string): string =>
  `实体 ${entity.name} 没有字段“${name}”，可选：${listZh(entity.fields.map((f) => f.name))}`;

/** An entity without a project: neither project scope nor a project field. */
export const noProjectZh = (entity: { name: string; scope: string }): string =>
  `实体 ${entity.name} 不属于项目（scope 为 ${entity.scope}，也没有 project 类型的字段）：请去掉，或把 scope 改为 project`;

/** The error a program throws when schemas/ is invalid; its message holds one line per problem. */
export class SchemaError extends Error {
  readonly problems: readonly SchemaProblem[];
  constructor(problems: readonly SchemaProblem[]) {
    super(`schemas/ has ${problems.length} problem(s):\n${formatProblems(problems)}`);
    this.name = 'SchemaError';
    this.problems = problems;
  }
}
