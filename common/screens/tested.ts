// The answer of GET /prod-api/api/TyScreen/Tested (docs/screens-api.md): the equipment management screen
// (设备管理) — the answers of GetSbgl_sbtj, GetSbgl_sbzxqk and GetSbwb_wbtj in one.
import type { DeviceStats, MaintenanceStats, ProjectOnline } from './devices';

export type Tested = { updatedAt: string; devices: DeviceStats; online: ProjectOnline[]; maintenance: MaintenanceStats };
