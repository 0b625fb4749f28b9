// The metadata the server reads at start from schemas/ (architecture §4): the menu tree (§2.1, §3.2),
// the code tables (§3.5), and the entities, pages, content schemas and seed rows the generic engine
// serves. Read once through the same reader and checks as `npm run codegen`; an invalid schema stops
// the start with one `file: JSON pointer: message` line per problem.
import { loadSchemas, SCHEMAS_DIR } from '../../codegen/read-schemas';
import type { JsonContentSchema, PageSchema } from '../../common/metadata';
import { SchemaError } from '../../common/metadata/problems';
import type { ResolvedEntity, SchemaProblem, SeedRow } from '../../common/metadata/types';
import type { DictOption } from '../../common/wire';
import { allIds, expandSource, menuGrants, type MenuGrant, type MenuNode } from '../../common/menu-tree';

export { SCHEMAS_DIR };

export type Catalog = {
  /** The whole menu tree with actions expanded into button nodes. */
  menu: MenuNode[];
  /** Every node and button id of `menu`. */
  menuIds: ReadonlySet<string>;
  /** The menu's `grants` by role name (server/platform/menu-grants.ts applies them once per role). */
  grants: readonly MenuGrant[];
  /** Dictionary name → options in wire form. */
  dictionaries: ReadonlyMap<string, DictOption[]>;
  /** Entity name → entity, columns worked out and content names resolved. */
  entities: ReadonlyMap<string, ResolvedEntity>;
  /** Page name → page schema. */
  pages: ReadonlyMap<string, PageSchema>;
  /** Content name → content schema of json fields. */
  content: ReadonlyMap<string, JsonContentSchema>;
  /** Entity name → demo rows of schemas/seed/. */
  seeds: ReadonlyMap<string, readonly SeedRow[]>;
  /** What the checks noticed without refusing (logged at start). */
  warnings: readonly SchemaProblem[];
};

/** Loads and checks schemas/; throws a SchemaError listing every problem when anything is wrong. */
export function loadCatalog(dir: string = SCHEMAS_DIR): Catalog {
  const { problems, warnings, catalog } = loadSchemas(dir);
  if (problems.length > 0 || !catalog) throw new SchemaError(problems);
  const menu = expandSource(catalog.menus);
  return {
    menu,
    menuIds: new Set(allIds(menu)),
    grants: menuGrants(catalog.menus),
    dictionaries: new Map(
      [...catalog.dictionaries].map(([name, d]) => [name, d.options.map((o) => ({ xuHao: String(o.value), selContent: o.label, ...(o.color ? { color: o.color } : {}) }))]),
    ),
    entities: catalog.entities,
    pages: catalog.pages,
    content: catalog.content,
    seeds: catalog.seeds,
    warnings,
  };
}
