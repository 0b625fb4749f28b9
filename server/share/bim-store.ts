// A project's BIM model (docs/share-links.md): an uploaded IFC file kept like every upload (uploaded_files,
// bytes in the database so any process serves it) and linked to its project (upload_projects, so the
// project's viewers may read it); its media type IFC_CONTENT_TYPE marks it, since the generic upload takes
// no .ifc. A new upload replaces the project's model (the older file is deleted in the same transaction).
import { sql, type Expression, type Kysely } from 'kysely';
import { IFC_CONTENT_TYPE, SHARE_MESSAGES, type BimModelInfo, type BimProjectRow } from '../../common/share';
import type { Database } from '../db/schema';

const ISO_HEADER = 'ISO-10303-21;';
/** IFC2X3, IFC4, IFC4X3…: the schema the header names. */
const IFC_SCHEMA = /FILE_SCHEMA\s*\(\s*\(\s*'IFC/i;

/**
 * The refusal for a file that is not an IFC model, or null: a .ifc name, STEP text (ISO 10303-21: starts
 * with `ISO-10303-21;`, after an optional UTF-8 BOM and blanks; no NUL byte) whose header names an IFC schema.
 */
export function ifcProblem(fileName: string, data: Buffer): string | null {
  if (!/\.ifc$/i.test(fileName)) return SHARE_MESSAGES.ifcExtension;
  let head = data.subarray(0, 65_536);
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) head = head.subarray(3);
  const text = head.toString('latin1');
  if (!text.trimStart().startsWith(ISO_HEADER)) return SHARE_MESSAGES.notIfc;
  if (head.includes(0)) return SHARE_MESSAGES.notIfc;
  const header = text.slice(0, text.search(/ENDSEC\s*;/) >= 0 ? text.search(/ENDSEC\s*;/) : text.length);
  return IFC_SCHEMA.test(header) ? null : SHARE_MESSAGES.notIfc;
}

export type StoredModel = { uploadId: string; fileName: string; size: number; uploadedAt: Date; uploadedBy: string };

/** The project's current model (its newest IFC upload), without the bytes. */
export async function modelOf(db: Kysely<Database>, projectId: number): Promise<StoredModel | null> {
  const row = await db
    .selectFrom('uploaded_files as f')
    .innerJoin('upload_projects as up', 'up.upload_id', 'f.id')
    .leftJoin('users as u', 'u.id', 'f.user_id')
    .select(['f.id', 'f.file_name', 'f.size', 'f.created_at', 'u.real_name', 'u.user_name'])
    .where('up.project_id', '=', projectId)
    .where('f.content_type', '=', IFC_CONTENT_TYPE)
    .orderBy('f.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return { uploadId: String(row.id), fileName: row.file_name, size: row.size, uploadedAt: new Date(row.created_at), uploadedBy: row.real_name || row.user_name || '' };
}

export async function modelBytes(db: Kysely<Database>, uploadId: string): Promise<Buffer | null> {
  const row = await db.selectFrom('uploaded_files').select('data').where('id', '=', uploadId).where('content_type', '=', IFC_CONTENT_TYPE).executeTakeFirst();
  return row ? Buffer.from(row.data) : null;
}

export const modelInfo = (m: StoredModel): BimModelInfo => ({ fileName: m.fileName, size: m.size, uploadedAt: m.uploadedAt.toISOString(), uploadedBy: m.uploadedBy });

/** Stores the file as the project's model, in the caller's transaction; the previous model's file goes. */
export async function storeModel(
  trx: Kysely<Database>,
  upload: { projectId: number; companyId: number; userId: number; fileName: string; data: Buffer },
): Promise<string> {
  const stored = await trx
    .insertInto('uploaded_files')
    .values({
      company_id: upload.companyId,
      user_id: upload.userId,
      upload_type: 'file',
      file_name: upload.fileName,
      content_type: IFC_CONTENT_TYPE,
      size: upload.data.length,
      data: upload.data,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = String(stored.id);
  await trx.insertInto('upload_projects').values({ upload_id: id, project_id: upload.projectId }).execute();
  await trx
    .deleteFrom('uploaded_files')
    .where('content_type', '=', IFC_CONTENT_TYPE)
    .where('id', '<>', id)
    .where('id', 'in', (eb) => eb.selectFrom('upload_projects').select('upload_id').where('project_id', '=', upload.projectId))
    .execute();
  return id;
}

type ListRow = { id: string; project_no: string; name: string; upload_id: string | null; file_name: string | null; size: number | null; created_at: Date | string | null; uploaded_by: string | null };

/** The projects of this id subquery (the caller's scope) with their models, by project number; at most 500. */
export async function modelsIn(db: Kysely<Database>, projects: Expression<unknown>): Promise<BimProjectRow[]> {
  const { rows } = await sql<ListRow>`
    select p.id::text as id, p.project_no, p.name, m.id::text as upload_id, m.file_name, m.size, m.created_at,
           coalesce(nullif(u.real_name, ''), u.user_name) as uploaded_by
    from projects p
    left join lateral (
      select f.id, f.file_name, f.size, f.created_at, f.user_id from uploaded_files f
      join upload_projects up on up.upload_id = f.id
      where up.project_id = p.id and f.content_type = ${IFC_CONTENT_TYPE} order by f.id desc limit 1
    ) m on true
    left join users u on u.id = m.user_id
    where p.id in (${projects})
    order by p.project_no, p.id
    limit 500`.execute(db);
  return rows.map((r) => ({
    projectId: r.id,
    projectNo: r.project_no,
    projectName: r.name,
    model:
      r.upload_id === null
        ? null
        : { fileName: r.file_name ?? '', size: Number(r.size ?? 0), uploadedAt: new Date(r.created_at ?? 0).toISOString(), uploadedBy: r.uploaded_by ?? '' },
  }));
}
