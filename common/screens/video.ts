// The answer of GET /prod-api/api/TyScreen/VideoMonitor (docs/screens-api.md): the video monitoring screens
// (视频监控, 监管视频监控) — every project in scope (also those without cameras) with its district and cameras.

export type Camera = {
  id: string;
  deviceCode: string;
  deviceName: string;
  installPosition: string;
  online: boolean;
  lastSeenAt: string | null;
};

export type ProjectCameras = {
  projectId: string;
  projectName: string;
  /** District of the project (adminDivision), for the supervisory variant's grouping by area. */
  areaCode: string;
  areaName: string;
  total: number;
  online: number;
  offline: number;
  cameras: Camera[];
};

export type VideoMonitor = {
  updatedAt: string;
  summary: { total: number; online: number; offline: number; onlineRate: number };
  projects: ProjectCameras[];
};
