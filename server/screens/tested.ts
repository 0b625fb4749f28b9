// GET /prod-api/api/TyScreen/Tested: the equipment management screen (设备管理, §2.4 tested) in one call —
// the answers of GetSbgl_sbtj (devices by kind), GetSbgl_sbzxqk (online per project) and GetSbwb_wbtj
// (maintenance statistics), computed by the same functions (docs/screens-api.md).
import type { Tested } from '../../common/screens/tested';
import type { ScreenContext } from './context';
import { deviceStats, maintenanceStats, onlineByProject } from './device-stats';
import type { ProjectIds } from './scope';

export type { Tested };

export async function tested(c: ScreenContext, projects: ProjectIds): Promise<Tested> {
  const [devices, online, maintenance] = await Promise.all([
    deviceStats(c.db, c.t, projects, c.dict('monitorDeviceKind')),
    onlineByProject(c.db, c.t, projects),
    maintenanceStats(c.db, c.t, projects),
  ]);
  return { updatedAt: c.now.toISOString(), devices, online, maintenance };
}
