// Share links (docs/share-links.md): a signed, expiring link that names exactly one thing — a camera
// (`camera`, opened at /ysyiframe) or a project's BIM model (`bim`, opened at /ifc) — and the BIM model
// API of the back office. Shared by the server (which signs and answers) and the browser (which asks).
import { API_BASE } from './constants';

export const SHARE_BASE = `${API_BASE}/api/Share`;
export const BIM_BASE = `${API_BASE}/api/Bim`;

export const SHARE_PATHS = {
  /** POST `{ kind, id, hours? }` (signed in): a new link. */
  create: `${SHARE_BASE}/Create`,
  /** GET `?token=` (public): where the shared camera plays. */
  camera: `${SHARE_BASE}/Camera`,
  /** GET `<live>/<token>/index.m3u8` and `<live>/<token>/<loop>/<segment>` (public): the shared camera's demo stream. */
  live: `${SHARE_BASE}/Live`,
  /** GET `?token=` (public): what the shared BIM model is. */
  bim: `${SHARE_BASE}/Bim`,
  /** GET `?token=` (public): the shared model's IFC file. */
  bimFile: `${SHARE_BASE}/BimFile`,
} as const;

export const BIM_PATHS = {
  /** GET (signed in): the projects in scope with their BIM model. */
  models: `${BIM_BASE}/Models`,
  /** POST multipart `projectId`, `file` (signed in, 上传模型): a project's IFC model, replacing the last one. */
  upload: `${BIM_BASE}/Upload`,
  /** GET `?projectId=` (signed in): the project's IFC file. */
  file: `${BIM_BASE}/File`,
} as const;

export const SHARE_KINDS = ['camera', 'bim'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** The public page each kind opens. */
export const SHARE_PAGES: Readonly<Record<ShareKind, string>> = { camera: '/ysyiframe', bim: '/ifc' };

/** A link lives this long unless asked otherwise (7 days), at most SHARE_MAX_HOURS (30 days). */
export const SHARE_DEFAULT_HOURS = 7 * 24;
export const SHARE_MAX_HOURS = 30 * 24;

/** The grants a link of each kind needs: the back-office page that shows the thing. */
export const SHARE_PERMISSIONS: Readonly<Record<ShareKind, string>> = {
  camera: 'VideoMonitoring.Preview',
  bim: 'projectManage.bim',
};
/** 上传模型: the edit action of the BIM模型 page. */
export const BIM_UPLOAD_PERMISSION = 'projectManage.bim:edit';

/** The largest IFC file the back office takes (50 MB); its first bytes must be ISO-10303-21. */
export const BIM_MAX_BYTES = 50 * 1024 * 1024;
/** The media type IFC files are stored and served with (ISO 10303-21 exchange structure). */
export const IFC_CONTENT_TYPE = 'application/p21';

export const SHARE_MESSAGES = {
  invalid: '链接无效或已过期',
  gone: '分享的内容已不存在',
  noModel: '该项目尚未上传BIM模型',
  hours: `有效期须为1到${SHARE_MAX_HOURS}小时`,
  cameraOutOfScope: '摄像头不存在或不在您的权限范围内',
  projectOutOfScope: '项目不存在或不在您的权限范围内',
  notIfc: '文件不是有效的IFC模型（IFC文件以 ISO-10303-21 开头）',
  ifcExtension: '请上传 .ifc 格式的BIM模型文件',
  ifcTooLarge: `BIM模型文件不能超过${BIM_MAX_BYTES / 1024 / 1024}MB`,
  noFile: '请选择要上传的BIM模型文件',
  uploaded: 'BIM模型上传成功',
} as const;

/** POST Share/Create's answer: the link's page address (path and query, no origin) and its end. */
export type ShareLink = { kind: ShareKind; token: string; path: string; expiresAt: string; hours: number };

/** GET Share/Camera: the shared camera, nothing else. */
export type SharedCamera = { deviceName: string; projectName: string; online: boolean; url: string; expiresAt: string };

/** GET Share/Bim: the shared model, nothing else; `url` reads the file. */
export type SharedModel = { projectName: string; fileName: string; size: number; url: string; expiresAt: string };

/** A project's current BIM model. */
export type BimModelInfo = { fileName: string; size: number; uploadedAt: string; uploadedBy: string };
/** GET Bim/Models: one row per project in scope. */
export type BimProjectRow = { projectId: string; projectNo: string; projectName: string; model: BimModelInfo | null };

export const sharePagePath = (kind: ShareKind, token: string): string => `${SHARE_PAGES[kind]}?token=${encodeURIComponent(token)}`;
