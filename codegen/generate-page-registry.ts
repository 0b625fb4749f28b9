// src/engine/generated/page-registry.ts: every page schema by name, for `page:<name>` views. A page loads
// lazily with its entity (content names resolved) and the entities of its detail's related lists, so its
// JSON is fetched only when the page opens.
import { isAbsolute, relative, sep } from 'node:path';
import { relatedEntityNames } from '../common/metadata/page-bundle';
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
    // Entities of the detail's related lists, child tables and views come along (common/metadata/page-bundle.ts).
    const relatedNames = relatedEntityNames(page, entity);
    const related = relatedNames.map((name) => {
      const e = catalog.entities.get(name);
      if (!e) throw new Error(`page ${page.name}: related entity ${name} missing from a checked catalog`);
      return e;
    });
    const used = [...new Set([entity, ...related].flatMap((e) => e.fields.flatMap((f) => (f.contentName ? [f.contentName] : []))))].sort();
    const imports = [
      schemaImport(catalog.files.pages.get(page.name) ?? ''),
      schemaImport(catalog.files.entities.get(page.entity) ?? ''),
      ...used.map((n) => schemaImport(catalog.files.content.get(n) ?? '')),
      ...relatedNames.map((n) => schemaImport(catalog.files.entities.get(n) ?? '')),
    ];
    const contentVars = used.map((n) => `c${n[0].toUpperCase()}${n.slice(1)}`);
    const relatedVars = relatedNames.map((n) => `r${n}`);
    const vars = ['page', 'entity', ...contentVars, ...relatedVars];
    const content = used.length > 0 ? `{ ${used.map((n, i) => `${n}: ${contentVars[i]}.default.schema`).join(', ')} }` : '{}';
    const relatedArg = relatedNames.length > 0 ? `, [${relatedVars.map((v) => `${v}.default`).join(', ')}]` : '';
    return [
      `  ${page.name}: async () => {`,
      `    const [${vars.join(', ')}] = await Promise.all([`,
      ...imports.map((i) => `      ${i},`),
      '    ]);',
      `    return loaded(page.default, entity.default, ${content}${relatedArg});`,
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
    'function loaded(page: unknown, entity: unknown, content: Readonly<Record<string, unknown>>, related: readonly unknown[] = []): LoadedPage {',
    '  const resolve = (e: unknown) => resolveEntity(e as EntitySchema, (name) => content[name] as JsonContentSchema | undefined);',
    '  const linked = related.map(resolve);',
    '  return {',
    '    page: stripFileKeys(page as PageSchema),',
    '    entity: resolve(entity),',
    '    ...(linked.length > 0 ? { related: Object.fromEntries(linked.map((e) => [e.name, e])) } : {}),',
    '  };',
    '}',
    '',
  ].join('\n');
}
