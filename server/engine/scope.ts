// Tenant scope from the session, never from the request (architecture §5, docs/metadata.md scope):
// 'company' rows belong to the current company (while monitoring, the watched company, read-only);
// 'project' rows name a project in the user's scope (server/domain/projects.ts rules).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { scopeOf, type SessionContext } from '../auth/session-context';
import type { Database } from '../db/schema';
import { projectIdsInScope, projectInScope } from '../domain/projects';
import { parseId } from '../domain/ids';
import { FieldRefusal, Refusal } from './errors';
import { ruleMessage } from './messages';
import { SYSTEM_COLUMNS, type EntityModel } from './model';

export type ScopeContext = { db: Kysely<Database>; session: SessionContext };

const TRUE = sql<boolean>`true`;

/** The rows a caller may see: the scope condition and, with soft delete, not deleted. */
export function visibleRows(model: EntityModel, { db, session }: ScopeContext): RawBuilder<boolean> {
  const parts: RawBuilder<boolean>[] = [];
  if (model.entity.scope === 'company') parts.push(sql<boolean>`${sql.ref(SYSTEM_COLUMNS.companyId)} = ${session.companyId}`);
  if (model.projectColumn) {
    parts.push(sql<boolean>`${sql.ref(model.projectColumn)} in (${projectIdsInScope(db, scopeOf(session))})`);
  }
  if (model.entity.softDelete) parts.push(sql<boolean>`${sql.ref(SYSTEM_COLUMNS.ifDel)} = 0`);
  return parts.length === 0 ? TRUE : sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/**
 * The scope columns of a written row and the check that a written project is the caller's: a new row
 * gets the session's company; a project outside the scope is refused with that field's message. An
 * update keeps the row's company and checks the project only when it changes.
 */
export async function scopeValues(
  model: EntityModel,
  values: Record<string, unknown>,
  action: 'create' | 'update',
  { db, session }: ScopeContext,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = action === 'create' ? { [SYSTEM_COLUMNS.companyId]: session.companyId } : {};
  if (!model.projectColumn) return out;
  const field = model.projectField;
  if (action === 'update' && !(field && field.name in values)) return out;
  const projectId = parseId(field ? (values[field.name] as string | null) : session.projectId);
  const project = projectId === null ? null : await projectInScope(db, scopeOf(session), projectId);
  if (!project) throw field ? new FieldRefusal(ruleMessage(field, 'required'), field.name) : new Refusal('请先选择项目');
  if (!field) out[SYSTEM_COLUMNS.projectId] = project.id;
  return out;
}
