// Worker photos of the demo. 实名制登记 counts a worker with an id card number and a photo (workers.ts),
// and the seeded roster has no photos, so the registration rate would read 0 %. When the workers have
// just been seeded, a few small bundled portraits (demo-photos/*.png, 96×128, checked against the §5.3
// image rules like any upload) are stored through the upload storage — `uploaded_files`, served at
// /prod-api/api/Upload/File/<id> — once per company that has workers (a file is served only inside its
// company), and about nine in ten workers get one in their `photo` field; the rest stay without, so the
// rate is a realistic ~90 %. Deterministic by worker id: the same workers go without on every database.
import { readFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { uploadIdOf } from '../../common/uploads';
import { FILE_PATH } from '../routes/upload';
import type { Database } from '../db/schema';
import { KINDS, extensionOf, typeProblem } from '../engine/upload-rules';
import type { ScreenTables } from './tables';

type Portrait = { fileName: string; data: Buffer; female: boolean };

const PORTRAITS = ['male-1', 'male-2', 'male-3', 'male-4', 'female-1', 'female-2'];

/** The bundled portraits, refused like an upload would be if one were not a valid small PNG. */
export function loadPortraits(): Portrait[] {
  return PORTRAITS.map((name) => {
    const fileName = `${name}.png`;
    const data = readFileSync(new URL(`./demo-photos/${fileName}`, import.meta.url));
    const problem = typeProblem('image', fileName, data);
    if (problem) throw new Error(`demo photo ${fileName}: ${problem}`);
    return { fileName, data, female: name.startsWith('female') };
  });
}

/** A worker id spread over 0–9 (Knuth's multiplicative hash), so the ones without a photo are scattered. */
const bucketOf = (id: string): number => Number((BigInt(id) * 2654435761n) % 4294967296n) % 10;

/** About one worker in ten has not handed in a photo yet. */
export const keepsNoPhoto = (id: string): boolean => bucketOf(id) === 7;

/** Gender §3.5: '2' female; anything else draws from the men's portraits. */
const portraitFor = (portraits: readonly Portrait[], id: string, gender: string | null): Portrait => {
  const pool = portraits.filter((p) => p.female === (gender === '2'));
  return pool[Number(BigInt(id) % BigInt(pool.length))];
};

export type PhotoReport = { workers: number; withPhoto: number; files: number };

/** Gives the photo-less workers their portrait (all but `keepsNoPhoto`). Run when Worker was just seeded. */
export async function attachDemoPhotos(db: Kysely<Database>, t: ScreenTables): Promise<PhotoReport> {
  const rows = await sql<{ id: string; gender: string | null; company_id: number }>`
    select w.id::text as id, w.gender, p.company_id from ${sql.id(t.worker)} w join projects p on p.id = w.project_id
    where coalesce(w.photo, '') = '' order by w.id`.execute(db);
  const needing = rows.rows.filter((w) => !keepsNoPhoto(w.id));
  const portraits = loadPortraits();
  const urls = new Map<string, string[]>(); // photo address → worker ids
  let files = 0;
  for (const companyId of new Set(needing.map((w) => w.company_id))) {
    const uploader = await uploaderOf(db, companyId);
    if (uploader === null) continue;
    const stored = new Map<Portrait, string>();
    for (const w of needing.filter((x) => x.company_id === companyId)) {
      const portrait = portraitFor(portraits, w.id, w.gender);
      let url = stored.get(portrait);
      if (!url) {
        const row = await db
          .insertInto('uploaded_files')
          .values({
            company_id: companyId,
            user_id: uploader,
            upload_type: 'image',
            file_name: `人员照片-${portrait.fileName}`,
            content_type: KINDS[extensionOf(portrait.fileName)].contentType,
            size: portrait.data.length,
            data: portrait.data,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        url = `${FILE_PATH}/${row.id}`;
        stored.set(portrait, url);
        files += 1;
      }
      urls.set(url, [...(urls.get(url) ?? []), w.id]);
    }
  }
  let withPhoto = 0;
  for (const [url, ids] of urls) {
    const list = sql.join(ids.map((id) => sql`${id}::bigint`));
    await sql`update ${sql.id(t.worker)} set photo = ${url} where id in (${list})`.execute(db);
    // As an engine write would (file-fields.ts linkFilesToProject): served to whoever sees the project.
    await sql`insert into upload_projects (upload_id, project_id)
      select distinct ${uploadIdOf(url)}::bigint, project_id from ${sql.id(t.worker)} where id in (${list}) and project_id is not null
      on conflict do nothing`.execute(db);
    withPhoto += ids.length;
  }
  return { workers: rows.rows.length, withPhoto, files };
}

/** Who the stored files are recorded as uploaded by: the company's first member, else a system administrator. */
async function uploaderOf(db: Kysely<Database>, companyId: number): Promise<number | null> {
  const member = await db.selectFrom('memberships').select('user_id').where('company_id', '=', companyId).orderBy('id').executeTakeFirst();
  if (member) return member.user_id;
  const admin = await db.selectFrom('users').select('id').where('is_system_admin', '=', true).orderBy('id').executeTakeFirst();
  return admin?.id ?? null;
}
