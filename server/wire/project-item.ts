// ProjectListItem of docs/api.md WhereProjectList.
import type { ProjectListItem } from '../../common/wire';
import type { ProjectRow } from '../db/schema';

export const toProjectListItem = (p: ProjectRow): ProjectListItem => ({
  projectPosInfo: { id: String(p.id), projectName: p.name, projectNo: p.project_no },
  status: p.status,
  address: p.address,
  lng: p.lng,
  lat: p.lat,
  companyId: String(p.company_id),
  areaCode: p.area_code,
});
