// src/engine/generated/page-registry.ts: every page schema by name, for `page:<name>` views. A page loads
// lazily with its entity (content names resolved), so its JSON is fetched only when the page opens.
import { isAbsolute, relative, sep } from 'node:path';
import type { MetadataCatalog } from '../common/metadata/types';
import { GENERATED_HEADER } from './header';

export type RegistryPaths = {
  /** Folder the generated file is written to. */
  outDir: string;
  /** The schemas folder the catalog was read from. */
  schemasDir: string;
};

/** A module specifier from `fromDir` to `target`, with forward slashes and a leading ./ or ../. */
export function importPath(fromDir: string, target: string): string {
  const rel = relative(fromDir, target).split(sep).join('/');
  return rel.startsWith('.') || isAbsolute(rel) ? rel : `./${rel}`;
}

export function generatePageRegistry(catalog: MetadataCatalog, paths: RegistryPaths): string {
  const schemaImport = (inside: string) => `import('${importPath(paths.outDir, `${paths.schemasDir}/${inside}`)}')`;
  const pages = [...catalog.pages.values()].sort((a, b) => a.name.localeCompare(b.name));
  const loaders = pages.map((page) => {
    const entity = catalog.entities.get(page.entity);
    if (!entity) throw new Error(`page ${page.name}: entity ${page.entity} missing from a checked catalog`);
    const used = [...new Set(entity.fields.flatMap((f) => (f.contentName ? [f.contentName] : [])))].sort();
    const imports = [
      schemaImport(catalog.files.pages.get(page.name) ?? ''),
      schemaImport(catalog.files.entities.get(page.entity) ?? ''),
      ...used.map((n) => schemaImport(catalog.files.content.get(n) ?? '')),
    ];
    const vars = ['page', 'entity', ...used.map((n) => `c${n[0].toUpperCase()}${n.slice(1)}`)];
    const content = used.length > 0 ? `{ ${used.map((n, i) => `${n}: ${vars[i + 2]}.default.schema`).join(', ')} }` : '{}';
    return [
      `  ${page.name}: async () => {`,
      `    const [${vars.join(', ')}] = await Promise.all([`,
      ...imports.map((i) => `      ${i},`),
      '    ]);',
      `    return loaded(page.default, entity.default, ${content});`,
      '  },',
    ].join('\n');
  });
  return [
    GENERATED_HEADER,
    '// Page schemas of schemas/pages/ by name, for `page:<name>` menu views. Each loads lazily with its',
    '// entity, content names resolved, so a page\'s JSON is fetched only when the page opens.',
    "import type { EntitySchema, JsonContentSchema, PageSchema } from '../../../common/metadata';",
    "import { resolveEntity, stripFileKeys } from '../../../common/metadata/entity';",
    "import type { LoadedPage } from '../../../common/metadata/types';",
    '',
    `export const PAGE_NAMES = [${pages.map((p) => `'${p.name}'`).join(', ')}] as const;`,
    '',
    'export type PageName = (typeof PAGE_NAMES)[number];',
    '',
    'export const isPageName = (name: string): name is PageName => (PAGE_NAMES as readonly string[]).includes(name);',
    '',
    '/** The view key a menu node names for a page (schemas/menus.json `view`). */',
    'export const pageView = (name: PageName): string => `page:${name}`;',
    '',
    'export const PAGE_LOADERS: Readonly<Record<PageName, () => Promise<LoadedPage>>> = {',
    ...loaders,
    '};',
    '',
    '/** The page named by a `page:<name>` view, or undefined when no such page exists. */',
    'export function loadPage(name: string): Promise<LoadedPage> | undefined {',
    '  return isPageName(name) ? PAGE_LOADERS[name]() : undefined;',
    '}',
    '',
    'function loaded(page: unknown, entity: unknown, content: Readonly<Record<string, unknown>>): LoadedPage {',
    '  return {',
    '    page: stripFileKeys(page as PageSchema),',
    '    entity: resolveEntity(entity as EntitySchema, (name) => content[name] as JsonContentSchema | undefined),',
    '  };',
    '}',
    '',
  ].join('\n');
}
