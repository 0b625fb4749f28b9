// One entity's engine, compiled once at start: its model, hooks and validators (docs/metadata.md), and
// the session-bound context every operation runs in.
import type { Kysely } from 'kysely';
import type { MenuNode } from '../../common/menu-tree';
import type { ResolvedEntity } from '../../common/metadata/types';
import type { PageSchema } from '../../common/metadata';
import type { DictOption } from '../../common/wire';
import type { SessionContext } from '../auth/session-context';
import type { Database } from '../db/schema';
import { hooksFor } from './extensions';
import type { EntityHooks, HookContext, HookRow } from './hook-types';
import { withLabels } from './labels';
import { buildModel, type EntityModel } from './model';
import { fieldRights, restrictRows, type FieldRights } from './field-rights';
import { entityReferences, type EntityReference } from './references';
import { referenceGraph, type ReferenceGraph } from './referrers';
import { toApiRow, type ApiRow, type DbRow } from './row-codec';
import { compileValidator, type EntityValidator } from './validator';

/**
 * What the engine needs of the catalog: the menu (§6 checks), the code tables (§3.5) and the entities
 * (the rows `{ entity }` dictionaries point at, references.ts).
 */
export type EngineCatalog = {
  menu: readonly MenuNode[];
  dictionaries: ReadonlyMap<string, DictOption[]>;
  entities?: ReadonlyMap<string, ResolvedEntity>;
  /** The page schemas: a list column's `maskId` display makes its field personal data (personal-data.ts). */
  pages?: ReadonlyMap<string, Pick<PageSchema, 'entity' | 'list' | 'detail'>>;
};

export type EntityEngine = {
  model: EntityModel;
  hooks: EntityHooks;
  validate: { create: EntityValidator; update: EntityValidator };
  db: Kysely<Database>;
  catalog: EngineCatalog;
  dictionary: (name: string) => readonly DictOption[] | undefined;
  /** Fields naming rows of other entities, checked on every write (references.ts). */
  references: readonly EntityReference[];
  /** Which rows refer to which: the delete rule and the locks of writes (referrers.ts). */
  graph: ReferenceGraph;
  /** Lists past this many rows (planner's estimate) answer the estimate, not a count (query.ts). */
  estimateCountAbove?: number;
  /** Writes record audit rows (audit-trail.ts); off only for the benchmark's baseline (BuildOptions.auditTrail). */
  auditTrail: boolean;
  /** Validators compile on first use (BuildOptions.lazyValidators). */
  lazyValidators: boolean;
};

/** What the app decides for every engine: the audit trail (default on) and the big-table estimate threshold. */
export type EngineOptions = { auditTrail?: boolean; estimateCountAbove?: number; lazyValidators?: boolean };

const NO_ENTITIES: ReadonlyMap<string, ResolvedEntity> = new Map();

export function createEntityEngine(db: Kysely<Database>, catalog: EngineCatalog, entity: ResolvedEntity, options: EngineOptions = {}): EntityEngine {
  const model = buildModel(entity);
  const dictionary = (name: string) => catalog.dictionaries.get(name);
  const codes = (name: string) => dictionary(name)?.map((o) => o.xuHao);
  return {
    model,
    hooks: hooksFor(entity),
    validate: {
      create: compileValidator(model, 'create', codes, undefined, options.lazyValidators),
      update: compileValidator(model, 'update', codes, undefined, options.lazyValidators),
    },
    db,
    catalog,
    dictionary,
    references: entityReferences(model, catalog.entities ?? NO_ENTITIES),
    graph: referenceGraph(catalog.entities ?? NO_ENTITIES),
    estimateCountAbove: options.estimateCountAbove,
    auditTrail: options.auditTrail !== false,
    lazyValidators: options.lazyValidators === true,
  };
}

/** What this caller may see and write of the entity's protected fields (field-rights.ts). */
export const rightsOf = (engine: EntityEngine, session: SessionContext): FieldRights => fieldRights(engine.model, engine.catalog.menu, session);

/** The context hooks run in; `db` is the transaction inside a write (afterWrite, remove). */
export const hookContext = (engine: EntityEngine, session: SessionContext, db: Kysely<Database> = engine.db): HookContext => ({
  db,
  session,
  model: engine.model,
  menu: engine.catalog.menu,
  dictionary: engine.dictionary,
});

/** A stored row as the client gets it: field names, then the afterRead hook (without labels). */
function answerOne(engine: EntityEngine, session: SessionContext, row: DbRow): ApiRow {
  const api = toApiRow(engine.model, row);
  return engine.hooks.afterRead ? engine.hooks.afterRead(api as HookRow, hookContext(engine, session)) : api;
}

/**
 * Stored rows as the client gets them: field names, the afterRead hook, the readRows hook (virtual
 * fields, one query per batch), then the `labels` map (labels.ts).
 */
export async function answerRows(engine: EntityEngine, session: SessionContext, rows: readonly DbRow[]): Promise<ApiRow[]> {
  const answered = rows.map((r) => answerOne(engine, session, r));
  const completed = engine.hooks.readRows && answered.length > 0 ? await engine.hooks.readRows(answered, hookContext(engine, session)) : answered;
  // Field permissions last: what the caller may not see is masked or left out (field-rights.ts).
  return restrictRows(engine.model, rightsOf(engine, session), await withLabels(engine.db, engine.model, completed));
}

export const answerRow = async (engine: EntityEngine, session: SessionContext, row: DbRow): Promise<ApiRow> =>
  (await answerRows(engine, session, [row]))[0];
