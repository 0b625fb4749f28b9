// Reads a schemas/ folder into parsed files and runs the checks of common/metadata. The one place that
// touches the file system for metadata: codegen and the server start both load through here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSchemas } from '../common/metadata/check';
import type { CheckResult, SchemaFile, SchemaProblem, SchemaSources } from '../common/metadata/types';

// A path join rather than new URL('../schemas/', import.meta.url): jsdom's URL (unit tests) resolves
// file URLs against http://localhost.
export const SCHEMAS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'schemas');

/** Folders of schemas/ and the kind of file each holds; meta/ holds the meta-schemas themselves. */
const FOLDERS = { entities: 'entities', pages: 'pages', dictionaries: 'dictionaries', content: 'content', seeds: 'seed' } as const;

export type ReadResult = { sources: SchemaSources; problems: SchemaProblem[] };

/** Every schema file under `dir`, parsed; unreadable or malformed JSON becomes a problem. */
export function readSchemas(dir: string = SCHEMAS_DIR): ReadResult {
  const problems: SchemaProblem[] = [];
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
      problems.push({ file, pointer: '', message: `cannot read: ${(error as Error).message}` });
      return null;
    }
    try {
      return { file, path: inside, json: JSON.parse(text) as unknown };
    } catch (error) {
      problems.push({ file, pointer: '', message: `not valid JSON: ${(error as Error).message}` });
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
  else problems.push({ file: label(menusPath), pointer: '', message: 'missing: the menu tree is required' });

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
  };
}

/** Reads and checks; the catalog is set only when there is no problem at all. */
export function loadSchemas(dir: string = SCHEMAS_DIR): CheckResult {
  const { sources, problems } = readSchemas(dir);
  const checked = checkSchemas(sources);
  const all = [...problems, ...checked.problems];
  return { problems: all, warnings: checked.warnings, catalog: all.length === 0 ? checked.catalog : null };
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
