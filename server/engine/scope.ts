// Tenant scope from the session, never from the request (architecture §5, docs/metadata.md scope):
// 'company' rows belong to the current company (while monitoring, the watched company, read-only);
// 'project' rows name a project in the user's scope (server/platform/projects.ts rules); and the platform
// tables' kinds: 'projects' (the rows are the user's projects), 'companies' (the current company's
// subtree), 'members' (users who are members of the current company).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { scopeOf, type SessionContext } from '../auth/session-context';
import type { Database } from '../db/schema';
import { subtreeIds } from '../platform/companies';
import { projectIdsInScope, projectInScope } from '../platform/projects';
import { parseId } from '../platform/ids';
import { FieldRefusal, Refusal } from './errors';
import { ruleMessage } from './messages';
import { SYSTEM_COLUMNS, type EntityModel } from './model';

/**
 * `projectIds`: the caller's projects, resolved beforehand (readScope) so a read binds them as values
 * and the planner can use the table's indexes; without them the scope is a subquery (writes).
 */
export type ScopeContext = { db: Kysely<Database>; session: SessionContext; projectIds?: readonly number[] };

const TRUE = sql<boolean>`true`;

/** Users who are members of a company (memberships), as a subquery. */
export const memberIds = (db: Kysely<Database>, companyId: number) =>
  db.selectFrom('memberships').select('memberships.user_id').where('memberships.company_id', '=', companyId);

/** `column` among the caller's projects: the bound ids when resolved, else the subquery. */
function inProjects(column: RawBuilder<unknown>, { db, session, projectIds }: ScopeContext): RawBuilder<boolean> {
  if (!projectIds) return sql<boolean>`${column} in (${projectIdsInScope(db, scopeOf(session))})`;
  if (projectIds.length === 0) return sql<boolean>`false`;
  if (projectIds.length === 1) return sql<boolean>`${column} = ${projectIds[0]}`;
  return sql<boolean>`${column} = any(${[...projectIds]}::bigint[])`;
}

/** The context of a read: the caller's project ids looked up once, when the model's scope names projects. */
export async function readScope(model: EntityModel, context: ScopeContext): Promise<ScopeContext> {
  if (context.projectIds || (!model.projectColumn && model.entity.scope !== 'projects')) return context;
  const rows = await projectIdsInScope(context.db, scopeOf(context.session)).execute();
  return { ...context, projectIds: rows.map((r) => Number(r.id)) };
}

function scopeCondition(model: EntityModel, scope: ScopeContext): RawBuilder<boolean> | null {
  const { db, session } = scope;
  const key = sql.ref(model.idField.column);
  switch (model.entity.scope) {
    case 'company':
      return sql<boolean>`${sql.ref(SYSTEM_COLUMNS.companyId)} = ${session.companyId}`;
    case 'projects':
      return inProjects(key, scope);
    case 'companies':
      return sql<boolean>`${key} in (${subtreeIds(db, session.companyId)})`;
    case 'members':
      return sql<boolean>`${key} in (${memberIds(db, session.companyId)})`;
    default:
      return null;
  }
}

/** The rows a caller may see: the scope condition and, with soft delete, not deleted. */
export function visibleRows(model: EntityModel, scope: ScopeContext): RawBuilder<boolean> {
  const parts: RawBuilder<boolean>[] = [];
  const own = scopeCondition(model, scope);
  if (own) parts.push(own);
  if (model.projectColumn) {
    parts.push(inProjects(sql.ref(model.projectColumn), scope));
  }
  if (model.entity.softDelete) parts.push(sql<boolean>`${sql.ref(SYSTEM_COLUMNS.ifDel)} = 0`);
  return parts.length === 0 ? TRUE : sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/**
 * The scope columns of a written row and the check that a written project is the caller's: a new row
 * of an engine table (or of a 'company' platform table) gets the session's company; a project outside
 * the scope is refused with that field's message. An update keeps the row's company and checks the
 * project only when it changes. Platform kinds ('projects', 'companies', 'members') set nothing here:
 * the written row must simply be visible afterwards (entity-writes.ts).
 */
export async function scopeValues(
  model: EntityModel,
  values: Record<string, unknown>,
  action: 'create' | 'update',
  { db, session }: ScopeContext,
): Promise<Record<string, unknown>> {
  const ownsCompany = !model.platform || model.entity.scope === 'company';
  const out: Record<string, unknown> = action === 'create' && ownsCompany ? { [SYSTEM_COLUMNS.companyId]: session.companyId } : {};
  if (!model.projectColumn) return out;
  const field = model.projectField;
  if (action === 'update' && !(field && field.name in values)) return out;
  const projectId = parseId(field ? (values[field.name] as string | null) : session.projectId);
  const project = projectId === null ? null : await projectInScope(db, scopeOf(session), projectId);
  if (!project) throw field ? new FieldRefusal(ruleMessage(field, 'required'), field.name) : new Refusal('请先选择项目');
  if (!field) out[SYSTEM_COLUMNS.projectId] = project.id;
  return out;
}
