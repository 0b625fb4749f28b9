// Reads a schemas/ folder into parsed files and runs the checks of common/metadata. The one place that
// touches the file system for metadata: codegen and the server start both load through here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSchemas } from '../common/metadata/check';
import type { CheckResult, SchemaFile, SchemaProblem, SchemaSources } from '../common/metadata/types';
import { syntaxProblem, withPositions } from './positions';

// A path join rather than new URL('../schemas/', import.meta.url): jsdom's URL (unit tests) resolves
// file URLs against http://localhost.
export const SCHEMAS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'schemas');

/** Folders of schemas/ and the kind of file each holds; meta/ holds the meta-schemas themselves. */
const FOLDERS = { entities: 'entities', pages: 'pages', dictionaries: 'dictionaries', content: 'content', seeds: 'seed' } as const;

/** Why a file cannot be read, in Chinese, by the system's error code. */
const CANNOT_READ_ZH: Readonly<Record<string, string>> = {
  ENOENT: '文件不存在',
  EACCES: '没有读取权限',
  EPERM: '没有读取权限',
  EISDIR: '这是一个文件夹，不是文件',
};

/** The parsed files, the problems of reading them, and each file's text by its `file` label (for positions). */
export type ReadResult = { sources: SchemaSources; problems: SchemaProblem[]; texts: ReadonlyMap<string, string> };

/** Every schema file under `dir`, parsed; unreadable or malformed JSON becomes a problem (with its line and column). */
export function readSchemas(dir: string = SCHEMAS_DIR): ReadResult {
  const problems: SchemaProblem[] = [];
  const texts = new Map<string, string>();
  const label = (path: string): string => {
    const rel = relative(process.cwd(), path);
    return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : path;
  };
  const read = (path: string): SchemaFile | null => {
    const file = label(path);
    const inside = relative(dir, path).split(sep).join('/');
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      const message = (error as Error).message;
      const why = CANNOT_READ_ZH[(error as NodeJS.ErrnoException).code ?? ''] ?? '请检查文件是否存在、是否有读取权限';
      problems.push({ file, pointer: '', message: `cannot read: ${message}`, messageZh: `文件无法读取：${why}` });
      return null;
    }
    texts.set(file, text);
    try {
      return { file, path: inside, json: JSON.parse(text) as unknown };
    } catch (error) {
      const message = (error as Error).message;
      const at = syntaxProblem(text, message);
      problems.push({
        file,
        pointer: '',
        message: `not valid JSON: ${message}`,
        messageZh: `不是有效的 JSON，第 ${at.line} 行第 ${at.column} 列：${at.reasonZh}`,
        line: at.line,
        column: at.column,
      });
      return null;
    }
  };
  const folder = (name: string): SchemaFile[] =>
    jsonFiles(join(dir, name))
      .map(read)
      .filter((f): f is SchemaFile => f !== null);

  const menusPath = join(dir, 'menus.json');
  let menus: SchemaFile | null = null;
  if (existsSync(menusPath)) menus = read(menusPath);
  else problems.push({ file: label(menusPath), pointer: '', message: 'missing: the menu tree is required', messageZh: '缺少菜单文件 menus.json：菜单树是必需的' });

  return {
    sources: {
      entities: folder(FOLDERS.entities),
      pages: folder(FOLDERS.pages),
      dictionaries: folder(FOLDERS.dictionaries),
      content: folder(FOLDERS.content),
      seeds: folder(FOLDERS.seeds),
      menus,
    },
    problems,
    texts,
  };
}

/**
 * Reads and checks; the catalog is set only when there is no problem at all. Problems and warnings carry
 * the line and column of their pointer (only the files named by one are parsed for positions).
 */
export function loadSchemas(dir: string = SCHEMAS_DIR): CheckResult {
  const { sources, problems, texts } = readSchemas(dir);
  const checked = checkSchemas(sources);
  const all = withPositions([...problems, ...checked.problems], texts);
  return { problems: all, warnings: withPositions(checked.warnings, texts), catalog: all.length === 0 ? checked.catalog : null };
}

/** *.json files of a folder and its sub-folders, sorted so every run sees the same order; none if absent. */
function jsonFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return jsonFiles(path);
      return name.endsWith('.json') ? [path] : [];
    });
}
