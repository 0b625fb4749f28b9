// The camera a share link names (docs/share-links.md): a monitoring device of kind `video`, not deleted,
// with its 视频监控 ledger row's own stream address when it has one (as server/video/routes.ts reads it).
// Creating a link narrows it to the creator's projects; opening one does not (the link is the right).
import { sql, type Expression, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Catalog } from '../platform/catalog';
import { screenTables } from '../screens/tables';

export type SharedCameraRow = { id: number; deviceName: string; projectId: number; projectName: string; online: boolean; hlsUrl: string };

type Row = { id: string; device_name: string; online: boolean | null; project_id: string; project_name: string; hls_url: string | null };

export function cameraFinder(db: Kysely<Database>, catalog: Catalog) {
  const device = screenTables(catalog).device;
  const ledger = catalog.entities.get('VideoDevice');
  if (!ledger) throw new Error('share routes: entity VideoDevice is not in schemas/entities/');
  /** The camera of this id (in these projects, when given), else null. */
  return async function findCamera(id: number, projects: Expression<unknown> | null): Promise<SharedCameraRow | null> {
    const { rows } = await sql<Row>`
      select d.id::text as id, d.device_name, d.online, d.project_id::text as project_id, p.name as project_name, v.hls_url
      from ${sql.table(device)} d
      join projects p on p.id = d.project_id
      left join lateral (
        select hls_url from ${sql.table(ledger.table)} v
        where v.device_no = d.device_code and v.project_id = d.project_id and v.if_del = 0 order by v.id limit 1
      ) v on true
      where d.id = ${id} and d.if_del = 0 and d.device_kind = 'video'
        ${projects ? sql`and d.project_id in (${projects})` : sql``}`.execute(db);
    const r = rows[0];
    if (!r) return null;
    return {
      id: Number(r.id),
      deviceName: r.device_name,
      projectId: Number(r.project_id),
      projectName: r.project_name,
      online: r.online === true,
      hlsUrl: (r.hls_url ?? '').trim(),
    };
  };
}
