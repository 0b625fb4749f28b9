// What the equipment management screen derives from the Tested answer (common/screens/tested.ts): device
// types without an inspection template, and the colours of the monitoring device kinds.
import type { MaintenanceStats } from '../../../../../../common/screens/devices';

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
