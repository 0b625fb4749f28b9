// The one registry of view paths (§2.1 NavigatePageUrlPC): menu items name a key, the router renders the
// lazy component registered for it. `page:<name>` keys are generated CRUD pages of the page registry,
// `screen:` keys large screens; a key not registered here renders the 该页面尚未配置 result instead of failing.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { isPageName, PAGE_LOADERS } from '../engine/generated/page-registry';
import { SCHEMAS_WATCHED, serverPage } from '../engine/data/page-schemas';
import { screenFor, screenPathOfViewKey } from '../features/large-screen/screens';

export type ViewKey = string;
type View = LazyExoticComponent<ComponentType>;

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): View =>
  lazy(() => load().then((m) => ({ default: m[name] })));

export const views: Readonly<Record<ViewKey, View>> = {
  'home/BackHome': named(() => import('../features/home/BackHome'), 'BackHome'),
  'account/MyAccount': named(() => import('../features/account/MyAccount'), 'MyAccount'),
  'notices/MessageNotifications': named(() => import('../features/notices/MessageNotifications'), 'MessageNotifications'),
  'system/IconGallery': named(() => import('../features/icons/IconGallery'), 'IconGallery'),
  'device/RecordViewer': named(() => import('../features/device-records/RecordViewer'), 'RecordViewer'),
  // §2.4 /VideoMonitoring (docs/video.md): 视频预览, 录像回放, 视频轮巡.
  'video/Preview': named(() => import('../features/video-monitoring/Preview'), 'Preview'),
  'video/Playback': named(() => import('../features/video-monitoring/Playback'), 'Playback'),
  'video/Live': named(() => import('../features/video-monitoring/Live'), 'Live'),
  // 工作台 and 运行配置 (docs/workbench.md).
  'workbench/Workbench': named(() => import('../features/workbench/Workbench'), 'Workbench'),
  'dev-config/DevelopmentConfig': named(() => import('../features/dev-config/DevelopmentConfig'), 'DevelopmentConfig'),
  // BIM模型 (docs/share-links.md): the projects' IFC models, the viewer, share links.
  'bim/BimModels': named(() => import('../features/bim/BimModels'), 'BimModels'),
};

const PAGE_PREFIX = 'page:';
const pageViews = new Map<string, View>();

const notBundled = (name: string) => () => Promise.reject(new Error(`页面 ${name} 不在本次构建中`));

/**
 * `page:<name>` → the generated page of that name; the engine (and Formily) load in its lazy chunk. Under
 * `npm run dev` a page added to schemas/ while the console runs opens too: the server answers it.
 */
function generatedView(key: ViewKey): View | undefined {
  const name = key.slice(PAGE_PREFIX.length);
  const bundled = isPageName(name);
  if (!bundled && !SCHEMAS_WATCHED) return undefined;
  let view = pageViews.get(name);
  if (!view) {
    // The server's schemas first, the bundled ones when it cannot answer (src/engine/data/page-schemas.ts).
    const load = serverPage(name, bundled ? PAGE_LOADERS[name] : notBundled(name));
    view = lazy(() => import('../engine/page/GeneratedPageView').then((m) => ({ default: m.generatedPageView(load) })));
    // 用户管理 shows the pending 忘记密码 requests above its list (issue 29).
    if (name === 'user') {
      const page = view;
      view = lazy(() => import('../features/password-reset/UserManagementPage').then((m) => ({ default: m.withResetRequests(page) })));
    }
    pageViews.set(name, view);
  }
  return view;
}

const SCREEN_PREFIX = 'screen:';
const screenViews = new Map<string, View>();

/** `screen:<path>` → the large-screen shell fixed to that screen of the one screen registry. */
function screenView(key: ViewKey): View | undefined {
  const path = screenPathOfViewKey(key);
  if (!screenFor(path)) return undefined;
  let view = screenViews.get(path);
  if (!view) {
    view = lazy(() => import('../features/large-screen/LargeScreenShell').then((m) => ({ default: m.screenView(path) })));
    screenViews.set(path, view);
  }
  return view;
}

export const resolveView = (key: ViewKey): View | undefined =>
  Object.prototype.hasOwnProperty.call(views, key)
    ? views[key]
    : key.startsWith(PAGE_PREFIX)
      ? generatedView(key)
      : key.startsWith(SCREEN_PREFIX)
        ? screenView(key)
        : undefined;

/** Views drawn full screen, without the back-office chrome. */
export const isFullScreenView = (key: ViewKey): boolean => key.startsWith('screen:');
