// Which rows refer to which (docs/metadata.md "Deletes"), worked out once from the catalog: every
// stored field naming a row of another entity (common/metadata/references.ts: project and company
// fields, `{ entity, valueField: <key> }` dictionaries, the tree's parent), the system columns naming the
// row's project (project_id) and company (company_id), and relation link tables (a link names the
// linked row). created_by is a record of who wrote a row, not a reference. The delete rule
// (delete-rule.ts) reads the edges into an entity; writes lock the rows their edges point at.
import { hasSystemProjectColumn } from '../../common/metadata/columns';
import { referencedEntity } from '../../common/metadata/references';
import type { ResolvedEntity } from '../../common/metadata/types';
import { buildModel, SYSTEM_COLUMNS, type EntityModel, type ModelField } from './model';

/** One way rows of `table` name rows of the `target` entity: `column` holds the target's key. */
export type ReferenceEdge = {
  table: string;
  column: string;
  target: string;
  /** How one referring row is counted in a refusal (`countAs` of the referring entity, e.g. 名人员). */
  noun: string;
  /** Declared `onDelete: "cascade"`: referring rows go with the deleted row instead of keeping it. */
  cascade: boolean;
  /** The referring entity when its rows are the table's rows (not for link tables): soft delete, key. */
  from?: EntityModel;
  /** The referring field (absent for system columns and links). */
  field?: ModelField;
  /** A relation link table: its rows are links, counted only while the owning row is not deleted. */
  link?: { ownColumn: string; owner: EntityModel };
};

export type ReferenceGraph = {
  models: ReadonlyMap<string, EntityModel>;
  /** Edges whose target is this entity: the rows that keep one of its rows from being deleted. */
  into(entity: string): readonly ReferenceEdge[];
  /** Edges out of this entity's own table (not links): what a written row points at. */
  outOf(entity: string): readonly ReferenceEdge[];
  /** Link tables of this entity's relations, by their column holding its key: removed with the row. */
  ownLinks(entity: string): ReadonlyArray<{ table: string; column: string }>;
};

/** `countAs` of an entity, default 条<title>. */
export const nounOf = (entity: ResolvedEntity): string => entity.countAs ?? `条${entity.title}`;

/** The target declares this field's rows as its children, deleted with it (`children` onDelete cascade). */
const childCascade = (entities: readonly ResolvedEntity[], target: string, child: string, field: string): boolean =>
  entities.find((e) => e.name === target)?.children?.some((c) => c.entity === child && c.parentField === field && c.onDelete === 'cascade') === true;

function edgesOf(model: EntityModel, entities: readonly ResolvedEntity[]): ReferenceEdge[] {
  const { entity } = model;
  const base = { table: model.table, noun: nounOf(entity), from: model };
  const out: ReferenceEdge[] = [];
  for (const field of model.stored) {
    const target = referencedEntity(entity, field, entities);
    if (target) out.push({ ...base, column: field.column, target, cascade: field.onDelete === 'cascade' || childCascade(entities, target, entity.name, field.name), field });
  }
  const covered = new Set(out.map((e) => e.column));
  const byTable = (table: string) => entities.find((e) => e.table === table)?.name;
  const projects = byTable('projects');
  if (projects && hasSystemProjectColumn(entity)) out.push({ ...base, column: SYSTEM_COLUMNS.projectId, target: projects, cascade: false });
  // Engine tables all carry the writing company; a platform table only with 'company' scope.
  const companies = byTable('companies');
  const ownsCompany = !model.platform || entity.scope === 'company';
  if (companies && ownsCompany && !covered.has(SYSTEM_COLUMNS.companyId)) {
    out.push({ ...base, column: SYSTEM_COLUMNS.companyId, target: companies, cascade: false });
  }
  for (const r of entity.relations ?? []) {
    out.push({ table: r.table, column: r.otherColumn, target: r.entity, noun: nounOf(entity), cascade: r.onDelete === 'cascade', link: { ownColumn: r.ownColumn, owner: model } });
  }
  return out;
}

export function buildReferenceGraph(catalog: ReadonlyMap<string, ResolvedEntity>): ReferenceGraph {
  const entities = [...catalog.values()];
  const models = new Map(entities.map((e) => [e.name, buildModel(e)] as const));
  const edges = [...models.values()].flatMap((m) => edgesOf(m, entities));
  return {
    models,
    into: (name) => edges.filter((e) => e.target === name),
    outOf: (name) => edges.filter((e) => !e.link && e.from?.entity.name === name),
    ownLinks: (name) => (catalog.get(name)?.relations ?? []).map((r) => ({ table: r.table, column: r.ownColumn })),
  };
}

const graphs = new WeakMap<ReadonlyMap<string, ResolvedEntity>, ReferenceGraph>();

/** The graph of a catalog, built once per catalog. */
export function referenceGraph(catalog: ReadonlyMap<string, ResolvedEntity>): ReferenceGraph {
  let graph = graphs.get(catalog);
  if (!graph) {
    graph = buildReferenceGraph(catalog);
    graphs.set(catalog, graph);
  }
  return graph;
}
