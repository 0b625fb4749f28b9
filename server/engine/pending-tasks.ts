// 工作台 (docs/workbench.md): the caller's pending tasks across every workflow, computed from the workflow
// metadata alone (no entity is named here). A row is a task of the caller when it is visible in the
// caller's scope (the entity's scope rules, as its list) and waits in a state from which a transition
// leaves whose §6 button (its `action`) the caller holds under the entity's page. Monitoring is
// read-only: nothing to act on, no tasks.
import { sql } from 'kysely';
import { hasPermission, type MenuNode } from '../../common/menu-tree';
import { ROW_LABELS } from '../../common/field-types';
import type { PageSchema } from '../../common/metadata';
import type { PendingTaskGroup, PendingTaskRow, PendingTasks } from '../../common/workbench';
import type { SessionContext } from '../auth/session-context';
import { ALL } from '../platform/permissions';
import { formatDateTime } from '../platform/time';
import { grantedTree, hasPageNode } from './access';
import { answerRows, type EntityEngine } from './entity-engine';
import { dynamicDb } from './dynamic-db';
import { SYSTEM_COLUMNS, type ModelField } from './model';
import { readScope, visibleRows } from './scope';

/** Rows listed per business; the count covers them all. */
export const TASK_ROWS_PER_GROUP = 5;
/** Fields of the page's list shown as a row's summary. */
const SUMMARY_FIELDS = 3;

export type { PendingTaskGroup, PendingTaskRow, PendingTasks };

/** Where the entity's page sits in the menu: the chain of paths down to its group node, and its title. */
function pageAddress(menu: readonly MenuNode[], page: string, group: string): { path: string; title: string } | null {
  const walk = (nodes: readonly MenuNode[], base: string, underPage: boolean): { path: string; title: string } | null => {
    for (const n of nodes) {
      if (n.isButton) continue;
      const path = `${base}/${n.path.replace(/^\/+|\/+$/g, '')}`;
      if (underPage && n.path === group) return { path, title: n.title };
      const hit = walk(n.children, path, underPage || n.path === page);
      if (hit) return hit;
    }
    return null;
  };
  return walk(menu, '', false);
}

/** The address that opens the page with just this row listed (the generated list reads `filters`). */
const rowLink = (path: string, idField: ModelField, id: string): string =>
  `${path}?filters=${encodeURIComponent(JSON.stringify([{ field: idField.name, operator: 'eq', value: id }]))}`;

function cellText(engine: EntityEngine, field: ModelField, row: Record<string, unknown>): string {
  const value = row[field.name];
  if (value === null || value === undefined || value === '') return '';
  const label = (row[ROW_LABELS] as Record<string, string> | undefined)?.[field.name];
  if (label) return label;
  const dict = field.dictionary && 'type' in field.dictionary ? engine.dictionary(field.dictionary.type) : undefined;
  const option = dict?.find((o) => o.xuHao === String(value));
  if (option) return option.selContent;
  const text = typeof value === 'object' ? '' : String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** A field naming a row of another entity by its id, which the list resolves on the page: no summary. */
const rowReference = (f: ModelField): boolean => !!f.dictionary && 'entity' in f.dictionary;
/** Photos, files and JSON say nothing in a line of text. */
const NOT_TEXT: ReadonlySet<string> = new Set(['image', 'file', 'json']);

/** The fields of a row's summary: the page's first list columns (not the state), else the first strings. */
function summaryFields(engine: EntityEngine, page: Pick<PageSchema, 'list'> | undefined, stateField: string): ModelField[] {
  const { model } = engine;
  const fromPage = (page?.list?.columns ?? [])
    .map((c) => model.byName.get(c.field))
    .filter((f): f is ModelField => !!f && f.name !== stateField && f.type !== 'id' && !NOT_TEXT.has(f.type) && !f.writeOnly && !rowReference(f));
  const fields = fromPage.length > 0 ? fromPage : model.selected.filter((f) => f.type === 'string' && f.name !== stateField);
  return fields.slice(0, SUMMARY_FIELDS);
}

/** The caller's tasks of one workflow entity, or null when the caller may act on none of its states. */
async function tasksOf(
  engine: EntityEngine,
  session: SessionContext,
  tree: readonly MenuNode[],
  menu: readonly MenuNode[],
  page: Pick<PageSchema, 'list'> | undefined,
): Promise<PendingTaskGroup | null> {
  const { model } = engine;
  const workflow = model.entity.workflow;
  if (!workflow || model.entity.readOnly) return null;
  const permission = model.entity.permission;
  if (!hasPageNode(tree, permission)) return null;
  const address = pageAddress(menu, permission.page, permission.group);
  if (!address) return null;
  const held = (action: string) => session.grants.has(ALL) || hasPermission(tree, permission.page, permission.group, action);
  const actionsFrom = new Map<string, string[]>();
  for (const t of workflow.transitions) {
    if (!held(t.action)) continue;
    for (const from of t.from) actionsFrom.set(from, [...(actionsFrom.get(from) ?? []), t.label]);
  }
  if (actionsFrom.size === 0) return null;
  const stateField = model.byName.get(workflow.field);
  if (!stateField) return null;
  const db = dynamicDb(engine.db);
  const scope = await readScope(model, { db: engine.db, session });
  const visible = visibleRows(model, scope);
  const waiting = sql<boolean>`${sql.ref(stateField.column)} in (${sql.join([...actionsFrom.keys()])})`;
  const counts = await db
    .selectFrom(model.table)
    .select([sql.ref(stateField.column).as('state'), sql<string | number>`count(*)`.as('n')])
    .where(visible)
    .where(waiting)
    .groupBy(sql.ref(stateField.column))
    .execute();
  const total = counts.reduce((sum, c) => sum + Number(c.n), 0);
  if (total === 0) return null;
  const newestFirst = model.platform ? model.idField.column : SYSTEM_COLUMNS.createdAt;
  const rows = await db
    .selectFrom(model.table)
    .selectAll()
    .where(visible)
    .where(waiting)
    .orderBy(sql.ref(newestFirst), 'desc')
    .orderBy(sql.ref(model.idField.column), 'desc')
    .limit(TASK_ROWS_PER_GROUP)
    .execute();
  const answered = await answerRows(engine, session, rows);
  const summary = summaryFields(engine, page, stateField.name);
  const labelOf = (value: string) => workflow.states.find((s) => s.value === value)?.label ?? value;
  const timeOf = (row: Record<string, unknown>) => {
    const at = row[SYSTEM_COLUMNS.createdAt];
    return at instanceof Date || typeof at === 'string' ? formatDateTime(at as Date) : '';
  };
  const taskRows = answered.map((row, i) => {
    const id = String(row[model.idField.name]);
    const state = String(row[stateField.name] ?? '');
    return {
      id,
      summary: summary.map((f) => cellText(engine, f, row)).filter(Boolean).join(' · ') || `${model.entity.title} ${id}`,
      state,
      stateLabel: labelOf(state),
      time: timeOf(rows[i]),
      link: rowLink(address.path, model.idField, id),
    };
  });
  return {
    entity: model.entity.name,
    title: address.title,
    path: address.path,
    count: total,
    states: counts
      .map((c) => ({ value: String(c.state), label: labelOf(String(c.state)), count: Number(c.n), actions: actionsFrom.get(String(c.state)) ?? [] }))
      .sort((a, b) => b.count - a.count),
    rows: taskRows,
    newest: taskRows[0]?.time ?? '',
  };
}

/**
 * Every workflow's tasks of the caller, businesses with the newest waiting row first. `engines`: the
 * app's entity engines; `pages`: the page schemas (a row's summary follows its page's list).
 */
export async function pendingTasks(
  engines: Iterable<EntityEngine>,
  pages: ReadonlyMap<string, Pick<PageSchema, 'entity' | 'list'>>,
  menu: readonly MenuNode[],
  session: SessionContext,
): Promise<PendingTasks> {
  if (session.monitoring) return { total: 0, groups: [] };
  const tree = grantedTree(menu, session.grants, false);
  const pageOf = (entity: string) => [...pages.values()].find((p) => p.entity === entity);
  const groups: PendingTaskGroup[] = [];
  for (const engine of engines) {
    const group = await tasksOf(engine, session, tree, menu, pageOf(engine.model.entity.name));
    if (group) groups.push(group);
  }
  groups.sort((a, b) => b.newest.localeCompare(a.newest) || b.count - a.count);
  return { total: groups.reduce((n, g) => n + g.count, 0), groups };
}

