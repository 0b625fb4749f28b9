// AI识别事件 (docs/ai-recognition.md): each event an AI camera sends (device ingestion, `event`) is one Alarm of
// kind aiEvent — which the warning screens count — and one ai_event row (AiEvent, schemas/entities/ai-event.json)
// linked to it, carrying the event type and the snapshot. A snapshot is stored like any upload (uploaded_files,
// served at /prod-api/api/Upload/File/<id> inside the camera's company) and linked to the camera's project
// (upload_projects), so whoever sees the project sees the picture, as an engine write would do.
import { sql, type Kysely } from 'kysely';
import { FILE_PATH } from '../routes/upload';
import type { Database } from '../db/schema';
import { dynamicDb } from '../engine/dynamic-db';
import type { Reading } from './reading';

export type StoredImage = { data: Buffer; contentType: string; fileName: string };

/** Who a stored file is recorded as uploaded by: the company's first member, else a system administrator. */
export async function uploaderOf(db: Kysely<Database>, companyId: number | null): Promise<number | null> {
  if (companyId !== null) {
    const member = await db.selectFrom('memberships').select('user_id').where('company_id', '=', companyId).orderBy('id').executeTakeFirst();
    if (member) return member.user_id;
  }
  const admin = await db.selectFrom('users').select('id').where('is_system_admin', '=', true).orderBy('id').executeTakeFirst();
  return admin?.id ?? null;
}

/** Stores an image as an upload of `companyId`, served to whoever sees `projectId`; its address, or null when nobody can own it. */
export async function storeProjectImage(db: Kysely<Database>, companyId: number | null, projectId: number, image: StoredImage): Promise<string | null> {
  const uploader = await uploaderOf(db, companyId);
  if (uploader === null) return null;
  const row = await db
    .insertInto('uploaded_files')
    .values({ company_id: companyId, user_id: uploader, upload_type: 'image', file_name: image.fileName, content_type: image.contentType, size: image.data.length, data: image.data })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into upload_projects (upload_id, project_id) values (${row.id}::bigint, ${projectId}) on conflict do nothing`.execute(db);
  return `${FILE_PATH}/${row.id}`;
}

/** The AI events of a batch, each with its alarm's id (same order), inside the batch's transaction. */
export async function storeAiEvents(trx: Kysely<Database>, table: string, readings: readonly Reading[], alarmIds: readonly string[]): Promise<void> {
  const rows: Array<Record<string, unknown>> = [];
  for (const [i, r] of readings.entries()) {
    const event = r.event;
    if (!event) continue;
    const snapshot = event.image
      ? await storeProjectImage(trx, r.device.companyId, r.device.projectId, {
          data: event.image.data,
          contentType: event.image.contentType,
          fileName: `AI抓拍-${r.device.code}-${r.at.getTime()}.${event.image.extension}`,
        })
      : null;
    rows.push({
      company_id: r.device.companyId,
      project_id: r.device.projectId,
      device_code: r.device.code,
      event_time: r.at.toISOString(),
      event_type: event.type,
      message: event.message ?? null,
      snapshot,
      alarm_id: alarmIds[i] ?? null,
      handle_status: '0',
    });
  }
  if (rows.length > 0) await dynamicDb(trx).insertInto(table).values(rows).execute();
}
