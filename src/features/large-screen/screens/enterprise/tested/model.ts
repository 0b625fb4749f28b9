// The answer of GET /prod-api/api/TyScreen/Tested (docs/screens-api.md, server/screens/tested.ts), as the
// browser reads it: the answers of GetSbgl_sbtj (monitoring devices by kind), GetSbgl_sbzxqk (online per
// project) and GetSbwb_wbtj (routine-inspection devices and templates by device type) in one.
import type { DeviceStats } from '../../../shared/model';

export type ProjectOnline = {
  projectId: string;
  projectName: string;
  total: number;
  online: number;
  offline: number;
  alarm: number;
  /** %, one decimal; 0 without devices. */
  onlineRate: number;
};

export type MaintenanceStats = {
  deviceTotal: number;
  templateTotal: number;
  byType: Array<{ deviceType: string; devices: number; templates: number }>;
};

export type Tested = { updatedAt: string; devices: DeviceStats; online: ProjectOnline[]; maintenance: MaintenanceStats };

/** Device types with inspection devices but no inspection template: their rounds have no checklist. */
export const typesWithoutTemplate = (m: MaintenanceStats): number => m.byType.filter((t) => t.devices > 0 && t.templates === 0).length;

/** monitorDeviceKind codes and their colours. */
export const KIND_COLORS: Record<string, string> = {
  dust: '#1ec8ff',
  noise: '#4d94ff',
  towerCrane: '#ffc53d',
  lift: '#ff9f40',
  video: '#22e3a5',
  gas: '#b37feb',
  weighbridge: '#5cdbd3',
};
