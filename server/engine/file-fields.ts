// Image and file fields hold addresses this server issued for an upload of the caller's scope
// (common/uploads.ts, docs/security.md "File addresses"): each comma-separated part must be exactly
// `/prod-api/api/Upload/File/<id>` (else <title>格式不正确), naming a stored upload the caller may fetch —
// uploaded in the current company or one below it, as the file route decides — and, for an image field,
// an image (else 所选<title>不存在或无权访问). Addresses the stored row already held are not checked again.
import { sql, type Kysely } from 'kysely';
import { storedAddresses, uploadIdOf } from '../../common/uploads';
import type { SessionContext } from '../auth/session-context';
import type { Database } from '../db/schema';
import { subtreeIds } from '../platform/companies';
import { FieldRefusal } from './errors';
import { ENGINE_MESSAGES, ruleMessage } from './messages';
import type { EntityModel } from './model';

type Written = Record<string, unknown>;

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

export async function checkFileFields(model: EntityModel, row: Written, before: Written | null, db: Kysely<Database>, session: SessionContext): Promise<void> {
  for (const field of model.stored) {
    if ((field.type !== 'image' && field.type !== 'file') || !(field.name in row)) continue;
    const kept = new Set(storedAddresses(text(before?.[field.name])));
    const added = storedAddresses(text(row[field.name])).filter((a) => !kept.has(a));
    if (added.length === 0) continue;
    const ids = added.map(uploadIdOf);
    if (ids.some((id) => id === null)) throw new FieldRefusal(ruleMessage(field, 'format'), field.name);
    const wanted = [...new Set(ids as string[])];
    const found = await db
      .selectFrom('uploaded_files')
      .select(['id', 'content_type'])
      .where('id', 'in', wanted)
      .where('company_id', 'in', subtreeIds(db, session.companyId))
      .execute();
    const fits = found.length === wanted.length && (field.type !== 'image' || found.every((f) => f.content_type.startsWith('image/')));
    if (!fits) throw new FieldRefusal(ENGINE_MESSAGES.referenceOutOfScope(field.title), field.name);
  }
}

/**
 * Links the files of a written row's image and file fields to the row's project (migration 009), in the
 * write's transaction: the file route then serves them to whoever sees that project. Rows without a
 * project, and writes that set no file field, link nothing.
 */
export async function linkFilesToProject(trx: Kysely<Database>, model: EntityModel, id: string, row: Written): Promise<void> {
  if (!model.projectColumn) return;
  const ids = new Set<string>();
  for (const field of model.stored) {
    if ((field.type !== 'image' && field.type !== 'file') || !(field.name in row)) continue;
    for (const address of storedAddresses(text(row[field.name]))) {
      const upload = uploadIdOf(address);
      if (upload !== null) ids.add(upload);
    }
  }
  if (ids.size === 0) return;
  await sql`insert into upload_projects (upload_id, project_id)
    select f.id, t.${sql.ref(model.projectColumn)} from uploaded_files f, ${sql.table(model.table)} t
    where f.id in (${sql.join([...ids].map((u) => sql`${u}::bigint`))}) and t.${sql.ref(model.idField.column)} = ${id}
      and t.${sql.ref(model.projectColumn)} is not null
    on conflict do nothing`.execute(trx);
}
