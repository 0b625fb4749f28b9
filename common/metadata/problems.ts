// Problems are reported as `file: JSON pointer: message`, the same lines from codegen and server start.
import type { SchemaProblem } from './types';

/** A JSON pointer (RFC 6901) from path segments. */
export const pointer = (...segments: Array<string | number>): string =>
  segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

export const formatProblem = (p: SchemaProblem): string => `${p.file}: ${p.pointer || '/'}: ${p.message}`;

export const formatProblems = (problems: readonly SchemaProblem[]): string => problems.map(formatProblem).join('\n');

/** The commonest problem texts in Chinese; others get a general sentence and keep the English line for detail. */
const CHINESE: ReadonlyArray<[RegExp, (...m: string[]) => string]> = [
  [/^no (\w+) named "(.+)" in (schemas\/\w+\/)$/, (_, kind, name, dir) => `${dir} 中没有名为“${name}”的${kind}`],
  [/^entity (\w+) has no field "(.+)"$/, (_, entity, field) => `实体 ${entity} 没有字段“${field}”`],
  [/unknown field "(.+)"$/, (_, field) => `引用了不存在的字段“${field}”`],
  [/^duplicate (.+?) "(.+?)"/, (_, what, name) => `重复的 ${what}“${name}”`],
  [/^must have required property '(.+)'$/, (_, key) => `缺少必填属性“${key}”`],
  [/^must NOT have additional properties/, () => '有不允许的属性'],
  [/menu node "(.+?)" › "(.+?)" has no "(.+?)" action/, (_, page, group, action) => `菜单节点“${page} › ${group}”下没有“${action}”按钮`],
  [/^no menu node has path "(.+)"/, (_, path) => `菜单中没有路径为“${path}”的节点`],
  [/is not a relative date/, () => '不是有效的相对日期（如 $today-30d、$now-2h）'],
  [/^missing required field "(.+)"$/, (_, field) => `缺少必填字段“${field}”`],
  [/is not a value of a (\w+) field$/, (_, type) => `不是 ${type} 类型字段的有效值`],
];

/** The problem's Chinese line: `file: pointer: 说明` (a known text translated, else a general sentence). */
export function formatProblemZh(p: SchemaProblem): string {
  for (const [pattern, say] of CHINESE) {
    const m = pattern.exec(p.message);
    if (m) return `${p.file}: ${p.pointer || '/'}: ${say(...m)}`;
  }
  return `${p.file}: ${p.pointer || '/'}: 配置有误（详见下一行英文说明）`;
}

/** The error a program throws when schemas/ is invalid; its message holds one line per problem. */
export class SchemaError extends Error {
  readonly problems: readonly SchemaProblem[];
  constructor(problems: readonly SchemaProblem[]) {
    super(`schemas/ has ${problems.length} problem(s):\n${formatProblems(problems)}`);
    this.name = 'SchemaError';
    this.problems = problems;
  }
}
