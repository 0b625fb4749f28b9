// Image and file fields hold addresses this server issued for an upload of the caller's scope
// (common/uploads.ts, docs/security.md "File addresses"): each comma-separated part must be exactly
// `/prod-api/api/Upload/File/<id>` (else <title>格式不正确), naming a stored upload the caller may fetch —
// uploaded in the current company or one below it, as the file route decides — and, for an image field,
// an image (else 所选<title>不存在或无权访问). Addresses the stored row already held are not checked again.
import type { Kysely } from 'kysely';
import { storedAddresses, uploadIdOf } from '../../common/uploads';
import type { SessionContext } from '../auth/session-context';
import type { Database } from '../db/schema';
import { subtreeIds } from '../domain/companies';
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
