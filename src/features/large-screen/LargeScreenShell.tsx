// The large-screen shell (§2.4, §2.5, §9): the header and the body of the screen registered for the
// path, scaled for the display (an address without a screen shows 未找到该大屏 under the header). Beside it,
// the wall runtime (wall/WallRuntime.tsx): watchdog, carousel and the diagnostics overlay.
import { Component, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
import { MessageProvider } from '../../lib/ui/message';
import { useLocation } from 'react-router-dom';
import { ensureStoredCompany } from '../../lib/session/actions';
import { ScreenFault } from './components/ScreenFault';
import { ScreenHeader } from './components/ScreenHeader';
import { useDisplayScale } from './display-scale';
import { readScreenQuery, withFamilySortId } from './menus';
import { screenFor } from './screens';
import { SessionCache } from '../../lib/session/SessionCache';
import { prefersReducedMotion } from '../../lib/ui/motion';
import { WallRuntime } from './wall/WallRuntime';
import './large-screen.css';

const SCREEN_THEME = { algorithm: theme.darkAlgorithm, token: { colorBgElevated: '#0b2447', colorPrimary: '#1f8fff', motion: !prefersReducedMotion() } };

/** A body that throws shows 大屏加载失败 instead of taking the wall display down. */
class BodyBoundary extends Component<{ title: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <ScreenFault title={this.props.title} kind="failed" /> : this.props.children;
  }
}

function BodyLoading() {
  return <div className="ls-loading">加载中请稍后</div>;
}

/** `path` fixes the screen (menu `screen:` views); otherwise the address decides. */
export function LargeScreenShell({ path }: { path?: string }) {
  return (
    <SessionCache>
      <ScreenShell path={path} />
    </SessionCache>
  );
}

function ScreenShell({ path }: { path?: string }) {
  const location = useLocation();
  const screenPath = path ?? location.pathname;
  const screen = screenFor(screenPath);
  const familyPath = screen?.path ?? screenPath;
  const query = useMemo(() => withFamilySortId(readScreenQuery(new URLSearchParams(location.search)), familyPath), [location.search, familyPath]);
  const { bodyPx } = useDisplayScale();
  const title = screen?.title ?? '数据大屏';
  const Body = screen?.body;

  useEffect(() => ensureStoredCompany(), []);

  // The screen's own antd theme and toasts: messages, the user menu and the password dialog are dark like the wall.
  return (
    <ConfigProvider theme={SCREEN_THEME}>
      <MessageProvider>
        <div className="ls-root" data-screen={screen?.path ?? screenPath}>
          <ScreenHeader screen={screen} query={query} />
          <main className="ls-body" style={{ fontSize: `${bodyPx}px` }} aria-label={title}>
            {Body ? (
              <BodyBoundary key={screen.path} title={title}>
                <Suspense fallback={<BodyLoading />}>
                  <Body path={screen.path} query={query} />
                </Suspense>
              </BodyBoundary>
            ) : (
              <ScreenFault title={title} kind="unknown" />
            )}
          </main>
          <WallRuntime screenPath={screen?.path ?? screenPath} />
        </div>
      </MessageProvider>
    </ConfigProvider>
  );
}

/** The view of a menu `screen:<key>` (src/app/views.ts): the same shell, fixed to that screen. */
export const screenView = (path: string) =>
  function ScreenView() {
    return <LargeScreenShell path={path} />;
  };
