// The supervisory video screen groups the projects by district (行政区划 of the project's area code).
import type { ProjectCameras } from '../../../../../../common/screens/video';

export type DistrictCameras = { areaCode: string; areaName: string; total: number; online: number; offline: number; projects: ProjectCameras[] };

/** Districts with their projects, most cameras first (then by name); a project without area under 未填写. */
export function byDistrict(projects: readonly ProjectCameras[]): DistrictCameras[] {
  const out = new Map<string, DistrictCameras>();
  for (const p of projects) {
    const d = out.get(p.areaCode) ?? { areaCode: p.areaCode, areaName: p.areaName || p.areaCode || '未填写', total: 0, online: 0, offline: 0, projects: [] };
    d.total += p.total;
    d.online += p.online;
    d.offline += p.offline;
    d.projects.push(p);
    out.set(p.areaCode, d);
  }
  return [...out.values()].sort((a, b) => b.total - a.total || a.areaName.localeCompare(b.areaName, 'zh-CN'));
}
