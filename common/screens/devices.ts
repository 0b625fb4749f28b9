// Monitoring-device figures (§7.5 GetSbgl_sbtj, GetSbgl_sbzxqk, GetSbwb_wbtj and the device panels of the
// screens, docs/screens-api.md). A device is "alarm" when it has an unhandled alarm, counted independently
// of online/offline.

export type DeviceCounts = { total: number; online: number; offline: number; alarm: number };

/** The counts of one monitorDeviceKind option (zeros included). */
export type DeviceKindCounts = DeviceCounts & { kind: string; name: string };

/** GetSbgl_sbtj: monitoring devices, in all and by kind. */
export type DeviceStats = DeviceCounts & { byKind: DeviceKindCounts[] };

/** GetSbgl_sbzxqk: one project's devices; `onlineRate` in %, one decimal, 0 without devices. */
export type ProjectOnline = DeviceCounts & { projectId: string; projectName: string; onlineRate: number };

/** GetSbwb_wbtj: routine-inspection devices and inspection templates by device type. */
export type MaintenanceStats = {
  deviceTotal: number;
  templateTotal: number;
  byType: Array<{ deviceType: string; devices: number; templates: number }>;
};
