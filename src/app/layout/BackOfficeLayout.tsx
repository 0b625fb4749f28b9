// The back-office layout of §2.6: header, collapsible sidebar (a drawer below 992 px), breadcrumb and
// the page. Large-screen routes render full screen without this chrome.
import { lazy, Suspense, useEffect } from 'react';
import { App as AntdApp, Layout } from 'antd';
import { usePhone } from '../../lib/ui/use-phone';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { closeDrawer, ensureStoredCompany, refreshMenu, setDevice } from '../../lib/session/actions';
import { SCHEMAS_WATCHED, subscribeSchemas } from '../../engine/data/page-schemas';
import { SessionCache } from '../../lib/session/SessionCache';
import { deviceForWidth, sessionStore, useSession } from '../../lib/session/store';
import { isLargeScreenPath } from '../router/guard';
import { handleOf } from '../router/route-handle';
import { PageLoading } from '../router/ViewElement';
import { NoticeBanner } from '../../features/notices/NoticeBanner';
import { Breadcrumbs } from './Breadcrumbs';
import { HeaderBar } from './HeaderBar';
import { LoadingOverlay } from './LoadingOverlay';
import { NOTIFICATION_CONFIG } from './notifications';
import { CompanySelector } from './CompanySelector';
import { SideMenu } from './SideMenu';
import './layout.css';

const SIDER_WIDTH = 220;
// The drawer serves phones only (below 992 px): loaded when first shown, not with every desktop page.
const Drawer = lazy(() => import('antd/es/drawer'));

function useDeviceTracking() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      // §9: resize debounce 100 ms.
      timer = setTimeout(() => setDevice(deviceForWidth(window.innerWidth)), 100);
    };
    setDevice(deviceForWidth(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
}

function Brand({ collapsed }: { collapsed: boolean }) {
  return (
    <div className="layout-brand" title="智慧工地综合管理平台">
      <span className="layout-brand-mark">工</span>
      {!collapsed && <span className="layout-brand-text">智慧工地管理平台</span>}
    </div>
  );
}

/**
 * Under `npm run dev` the menu follows the server's schemas: read again after the page loads (a restart for an
 * edited menus.json reloads it) and whenever the schemas' version moves (src/engine/data/page-schemas.ts).
 */
function useMenuFollowsSchemas(): void {
  useEffect(() => {
    if (!SCHEMAS_WATCHED) return undefined;
    const refresh = () => void refreshMenu().catch(() => undefined);
    refresh();
    return subscribeSchemas(refresh);
  }, []);
}

export function BackOfficeLayout() {
  // antd's App for the pages' confirm dialogs (modal.confirm); toasts come from the root MessageProvider.
  return (
    <SessionCache>
      <AntdApp component={false} notification={NOTIFICATION_CONFIG}>
        <LayoutFrame />
        <LoadingOverlay />
      </AntdApp>
    </SessionCache>
  );
}

function LayoutFrame() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const collapsed = useSession((s) => s.collapsed);
  const device = useSession((s) => s.device);
  const drawerOpen = useSession((s) => s.drawerOpen);
  const phone = usePhone();
  useDeviceTracking();

  useEffect(() => ensureStoredCompany(), []);
  useMenuFollowsSchemas();
  // §4 Sidebar: on mobile it closes on route change.
  useEffect(() => {
    if (sessionStore.get().device === 'mobile') closeDrawer();
  }, [pathname]);

  const fullScreen = isLargeScreenPath(pathname) || matches.some((m) => handleOf(m.handle)?.fullScreen);
  if (fullScreen) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    );
  }

  const mobile = device === 'mobile';
  return (
    <Layout className="layout-root">
      {mobile ? (
        <Suspense fallback={null}>
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={closeDrawer}
            width={SIDER_WIDTH}
            closable={false}
            styles={{ body: { padding: 0, background: '#001529' } }}
            className="layout-drawer"
          >
            <Brand collapsed={false} />
            {/* A phone's header has no room for it (HeaderBar.tsx). */}
            {phone && (
              <div className="layout-drawer-company">
                <CompanySelector />
              </div>
            )}
            <SideMenu collapsed={false} onNavigate={closeDrawer} />
          </Drawer>
        </Suspense>
      ) : (
        <Layout.Sider
          className="layout-sider"
          width={SIDER_WIDTH}
          collapsed={collapsed}
          collapsedWidth={64}
          trigger={null}
          collapsible
        >
          <Brand collapsed={collapsed} />
          <div className="layout-sider-menu">
            <SideMenu collapsed={collapsed} />
          </div>
        </Layout.Sider>
      )}
      <Layout className="layout-main">
        <Layout.Header className="layout-header">
          <HeaderBar />
        </Layout.Header>
        <NoticeBanner />
        <div className="layout-breadcrumb-bar">
          <Breadcrumbs />
        </div>
        <Layout.Content id="app-main" className="layout-content">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
