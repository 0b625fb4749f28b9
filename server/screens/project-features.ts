// GET /prod-api/api/TyScreen/ProjectFeatures — what the projects in scope have data for (common/screens/
// project-features.ts): the project header hides 隧道管理 and 混凝土 for a project with nothing there. The
// same facts as the screens' own answers: Tunnel's faces and devices, ConcretePlant's `supplied`.
import { sql } from 'kysely';
import type { ProjectFeatures } from '../../common/screens/project-features';
import { plantCompanies, plantSupplied } from './concrete-plant';
import type { ScreenContext } from './context';
import type { ProjectIds } from './scope';
import { TUNNEL_DEVICE_KINDS } from './tunnel';

export async function projectFeatures(c: ScreenContext, projects: ProjectIds): Promise<ProjectFeatures> {
  const kinds = sql.join(TUNNEL_DEVICE_KINDS.map((k) => sql.lit(k)));
  const [tunnel, companies] = await Promise.all([
    sql<{ tunnel: boolean }>`
      select exists (select 1 from ${sql.id(c.t.tunnelSection)} where project_id in (${projects}) and if_del = 0)
          or exists (select 1 from ${sql.id(c.t.device)} where project_id in (${projects}) and if_del = 0 and device_kind in (${kinds})) as tunnel`.execute(c.db),
    plantCompanies(c, projects),
  ]);
  return { tunnel: tunnel.rows[0]?.tunnel === true, concrete: await plantSupplied(c.db, sql.join(companies.length > 0 ? companies : [0])) };
}
