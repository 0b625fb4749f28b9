// What `npm run codegen` does, as a function tests can call on a temporary tree: read and check
// schemas/, then write the generated files, or with `check` compare them with the files on disk.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { formatProblem, formatProblemZh } from '../common/metadata/problems';
import type { MetadataCatalog } from '../common/metadata/types';
import { generateEntities } from './generate-entities';
import { generateMenuIcons } from './generate-menu-icons';
import { generatePageRegistry } from './generate-page-registry';
import { loadSchemas } from './read-schemas';

export type CodegenOptions = {
  /** The schemas folder to read. */
  schemasDir: string;
  /** The repository root the generated files go under (common/generated, src/engine/generated). */
  root: string;
  /** Compare instead of writing: fail naming each generated file that differs. */
  check?: boolean;
};

export type CodegenResult = { ok: boolean; lines: string[] };

/** Generated files, relative to the repository root. */
export const GENERATED_FILES = {
  entities: 'common/generated/entities.ts',
  pageRegistry: 'src/engine/generated/page-registry.ts',
  menuIcons: 'src/app/generated/menu-icons.ts',
} as const;

const require = createRequire(import.meta.url);
/** Whether the installed @ant-design/icons has a component of that name. */
function antIconExists(name: string): boolean {
  try {
    require.resolve(`@ant-design/icons/es/icons/${name}.js`);
    return true;
  } catch {
    return false;
  }
}

export function generatedFiles(catalog: MetadataCatalog, root: string, schemasDir: string): Array<{ path: string; text: string }> {
  return [
    { path: GENERATED_FILES.entities, text: generateEntities(catalog) },
    {
      path: GENERATED_FILES.pageRegistry,
      text: generatePageRegistry(catalog, { outDir: dirname(join(root, GENERATED_FILES.pageRegistry)), schemasDir }),
    },
    { path: GENERATED_FILES.menuIcons, text: generateMenuIcons(catalog, antIconExists) },
  ];
}

export function runCodegen(options: CodegenOptions): CodegenResult {
  const lines: string[] = [];
  const { problems, warnings, catalog } = loadSchemas(options.schemasDir);
  // Both lines of a warning start with `warning:`, so tools (and tests) can tell them from problems.
  for (const w of warnings) lines.push(`warning: ${formatProblem(w)}`, `warning: ${formatProblemZh(w)}`);
  if (problems.length > 0 || !catalog) {
    // One English line, then its Chinese line with the value's line:column (common/metadata/problems.ts),
    // then the summary in both.
    lines.push(
      ...problems.flatMap((p) => [formatProblem(p), formatProblemZh(p)]),
      `codegen: ${problems.length} problem(s) in ${shown(options.schemasDir)}; nothing written / 共 ${problems.length} 个配置问题，未生成任何文件`,
    );
    return { ok: false, lines };
  }
  const files = generatedFiles(catalog, options.root, options.schemasDir);
  if (options.check) {
    const stale = files.filter((f) => {
      const path = join(options.root, f.path);
      return !existsSync(path) || readFileSync(path, 'utf8') !== f.text;
    });
    for (const f of stale) lines.push(`${f.path}: stale, differs from what schemas/ generates (run npm run codegen)`);
    if (stale.length === 0) lines.push(`codegen: ${files.length} generated files are up to date`);
    return { ok: stale.length === 0, lines };
  }
  for (const f of files) {
    const path = join(options.root, f.path);
    mkdirSync(dirname(path), { recursive: true });
    const same = existsSync(path) && readFileSync(path, 'utf8') === f.text;
    if (!same) writeFileSync(path, f.text);
    lines.push(`${same ? 'unchanged' : 'wrote'} ${f.path}`);
  }
  return { ok: true, lines };
}

function shown(dir: string): string {
  const rel = relative(process.cwd(), dir).split(sep).join('/');
  return rel && !rel.startsWith('..') ? rel : dir;
}
