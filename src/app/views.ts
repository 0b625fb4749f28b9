// The one registry of view paths (§2.1 NavigatePageUrlPC): menu items name a key, the router renders the
// lazy component registered for it. `page:` keys will be generated CRUD pages, `screen:` keys large
// screens; a key not registered here renders the 该页面尚未配置 result instead of failing.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type ViewKey = string;
type View = LazyExoticComponent<ComponentType>;

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): View =>
  lazy(() => load().then((m) => ({ default: m[name] })));

export const views: Readonly<Record<ViewKey, View>> = {
  'home/BackHome': named(() => import('../features/home/BackHome'), 'BackHome'),
  'account/MyAccount': named(() => import('../features/account/MyAccount'), 'MyAccount'),
  'notices/MessageNotifications': named(() => import('../features/notices/MessageNotifications'), 'MessageNotifications'),
  'system/IconGallery': named(() => import('../features/icons/IconGallery'), 'IconGallery'),
};

export const resolveView = (key: ViewKey): View | undefined =>
  Object.prototype.hasOwnProperty.call(views, key) ? views[key] : undefined;

/** Views drawn full screen, without the back-office chrome. */
export const isFullScreenView = (key: ViewKey): boolean => key.startsWith('screen:');
