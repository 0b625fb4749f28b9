// The shapes the metadata checks work on: schema files as parsed JSON, the problems found in them, and
// the resolved catalog that browser, server and codegen read once the files are known to be good.
// Entity and page shapes are common/metadata.ts; these are the files around them (architecture §4).
import type { EntityField, EntitySchema, JsonContentSchema, PageSchema } from '../metadata';
import type { MenuSourceNode } from '../menu-tree';

/** One parsed schema file. */
export type SchemaFile = {
  /** How problems name the file (e.g. schemas/pages/inspection-template.json). */
  file: string;
  /** Path inside the schemas folder with forward slashes (e.g. pages/inspection-template.json). */
  path: string;
  json: unknown;
};

/** Every schema file of a schemas/ folder, by kind. `menus` is null when menus.json is missing. */
export type SchemaSources = {
  entities: SchemaFile[];
  pages: SchemaFile[];
  dictionaries: SchemaFile[];
  content: SchemaFile[];
  seeds: SchemaFile[];
  menus: SchemaFile | null;
};

/**
 * A problem in one file: where (a JSON pointer into it, '' for the whole file) and what, in plain words —
 * `message` in English, `messageZh` in Chinese for the configurator (what is wrong and what would be right).
 * `line` and `column` (1-based) are where the pointed value starts in the file's text, set by the reader
 * (codegen/read-schemas.ts) for files that have problems; absent when the text is not at hand.
 */
export type SchemaProblem = {
  file: string;
  pointer: string;
  message: string;
  /** Every problem the checks make has it; optional only for problems made by hand (tests). */
  messageZh?: string;
  line?: number;
  column?: number;
};

/** schemas/dictionaries/*.json (§3.5 code tables). */
export type DictionarySchema = { name: string; title: string; options: Array<{ value: string | number; label: string; color?: string }> };

/** schemas/content/*.json: a content schema of `json` fields, referenced by name. */
export type ContentFile = { name: string; schema: JsonContentSchema };

/**
 * One demo row of schemas/seed/<entity>.json: field names with values, plus `companyKey` (a company key
 * of the identity seed) and `projectNo` (a project number of the identity seed) resolved to ids on insert.
 */
export type SeedRow = Record<string, unknown> & { companyKey?: string; projectNo?: string };
export type SeedFile = { entity: string; rows: SeedRow[] };
/** Row keys of a seed file that are not fields. */
export const SEED_KEYS = ['companyKey', 'projectNo'] as const;

export type MenuFile = { menus: MenuSourceNode[] };

/** A field with its column worked out and its `content` name replaced by the schema it names. */
export type ResolvedField = Omit<EntityField, 'content' | 'column'> & {
  column: string;
  content?: JsonContentSchema;
  /** The schemas/content name `content` was given by, when it was a name. */
  contentName?: string;
};
export type ResolvedEntity = Omit<EntitySchema, 'fields'> & { fields: ResolvedField[] };

/** Everything in schemas/, checked and resolved. Maps keep file order (sorted file names). */
export type MetadataCatalog = {
  /** Entity name → entity. */
  entities: ReadonlyMap<string, ResolvedEntity>;
  /** Page name → page. */
  pages: ReadonlyMap<string, PageSchema>;
  /** Dictionary name → code table. */
  dictionaries: ReadonlyMap<string, DictionarySchema>;
  /** Content name → content schema. */
  content: ReadonlyMap<string, JsonContentSchema>;
  /** The menu tree as written in schemas/menus.json. */
  menus: readonly MenuSourceNode[];
  /** Entity name → its demo rows (only entities with a seed file). */
  seeds: ReadonlyMap<string, readonly SeedRow[]>;
  /** Entity, page or content name → its file's path inside schemas/ (for generated imports). */
  files: { entities: ReadonlyMap<string, string>; pages: ReadonlyMap<string, string>; content: ReadonlyMap<string, string> };
};

/** Problems refuse the schemas; warnings are printed and logged but do not stop codegen or the server. */
export type CheckResult = { problems: SchemaProblem[]; warnings: SchemaProblem[]; catalog: MetadataCatalog | null };

/**
 * What the browser engine gets for a `page:<name>` view: the page and its entity, content resolved, and
 * the entities of the detail's related lists by name (PageSchema detail.relations).
 */
export type LoadedPage = { page: PageSchema; entity: ResolvedEntity; related?: Readonly<Record<string, ResolvedEntity>> };
