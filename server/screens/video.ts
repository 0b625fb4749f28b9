// GET /prod-api/api/TyScreen/VideoMonitor: the video monitoring screens (视频监控, §2.4 videoMonitor and
// the supervisory jgdvideoMonitor) — the cameras (monitoring devices of kind `video`) of every project in
// scope with their online state (docs/screens-api.md).
import { sql } from 'kysely';
import type { ProjectCameras, VideoMonitor } from '../../common/screens/video';
import { nameOf, type ScreenContext } from './context';
import { isoOrNull, percent, textOf } from './format';
import type { ProjectIds } from './scope';

export type { VideoMonitor };

export async function videoMonitor(c: ScreenContext, projects: ProjectIds): Promise<VideoMonitor> {
  const result = await sql<Record<string, unknown>>`
    select p.id as project_id, p.name as project_name, p.area_code, d.id, d.device_code, d.device_name, d.install_position, d.online, d.last_seen_at
    from projects p
    left join ${sql.id(c.t.device)} d on d.project_id = p.id and d.if_del = 0 and d.device_kind = 'video'
    where p.id in (${projects})
    order by p.id, d.device_code`.execute(c.db);
  const byProject = new Map<string, ProjectCameras>();
  for (const r of result.rows) {
    const projectId = String(r.project_id);
    let entry = byProject.get(projectId);
    if (!entry) {
      const areaCode = textOf(r.area_code);
      entry = { projectId, projectName: textOf(r.project_name), areaCode, areaName: areaCode ? nameOf(c, 'adminDivision', areaCode) : '', total: 0, online: 0, offline: 0, cameras: [] };
      byProject.set(projectId, entry);
    }
    if (r.id === null || r.id === undefined) continue;
    const online = r.online === true;
    entry.cameras.push({
      id: String(r.id),
      deviceCode: textOf(r.device_code),
      deviceName: textOf(r.device_name),
      installPosition: textOf(r.install_position),
      online,
      lastSeenAt: isoOrNull(r.last_seen_at),
    });
    entry.total++;
    if (online) entry.online++;
    else entry.offline++;
  }
  const list = [...byProject.values()];
  const total = list.reduce((n, p) => n + p.total, 0);
  const online = list.reduce((n, p) => n + p.online, 0);
  return { updatedAt: c.now.toISOString(), summary: { total, online, offline: total - online, onlineRate: percent(online, total) }, projects: list };
}
