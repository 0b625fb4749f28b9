// A VideoMonitor answer for the two video screens' tests: four projects in three districts, one without
// cameras, twelve cameras of which three are offline.
import type { ProjectCameras, VideoMonitor } from '../../../../common/screens/video';

const cameras = (project: string, n: number, offline: number[] = []) =>
  Array.from({ length: n }, (_, i) => ({
    id: `${project}-${i + 1}`,
    deviceCode: `${project}-VIDEO-${i + 1}`,
    deviceName: `${i + 1}#视频监控`,
    installPosition: i === 0 ? '大门口' : `${i + 1}号塔吊`,
    online: !offline.includes(i + 1),
    lastSeenAt: offline.includes(i + 1) ? (i === 0 ? null : '2025-07-10T09:30:00.000Z') : '2026-11-21T07:46:05.900Z',
  }));

const project = (projectId: string, projectName: string, areaCode: string, areaName: string, list: ReturnType<typeof cameras>): ProjectCameras => ({
  projectId,
  projectName,
  areaCode,
  areaName,
  total: list.length,
  online: list.filter((c) => c.online).length,
  offline: list.filter((c) => !c.online).length,
  cameras: list,
});

export const videoAnswer = (): VideoMonitor => {
  const projects = [
    project('1', '甜城湖片区棚户区改造项目', '511002', '市中区', cameras('1', 6, [6])),
    project('2', '汉渝大道（东兴段）道路改造工程', '511011', '东兴区', cameras('2', 4, [1, 2])),
    project('3', '内江高新区标准化厂房三期', '511002', '市中区', cameras('3', 2)),
    project('6', '城西污水处理厂扩建工程', '511028', '隆昌市', []),
  ];
  const total = projects.reduce((n, p) => n + p.total, 0);
  const online = projects.reduce((n, p) => n + p.online, 0);
  return { updatedAt: '2026-11-21T08:00:00.000Z', summary: { total, online, offline: total - online, onlineRate: Math.round((online / total) * 1000) / 10 }, projects };
};

export const VIDEO_URL_PATH = '/prod-api/api/TyScreen/VideoMonitor';
