// The router is a value derived from the session: a new menu or function type builds a new route table
// and a new router (never routes pushed into an old one). Navigations requested by session transitions
// (login, logout, company switch) are applied to the router built for the state they produced.
import { useEffect, useMemo, useRef } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { sessionStore, useSession } from '../../lib/session/store';
import { buildAppRoutes } from './routes';

type Router = ReturnType<typeof createBrowserRouter>;

let handledNavSeq = 0;
// RouterProvider keeps the state of the router it mounted with, so a new router needs a new provider.
let routerSeq = 0;

/** A navigation requested before this router existed becomes its starting address. */
function takePendingNavigation(): string | undefined {
  const nav = sessionStore.get().nav;
  if (!nav || nav.seq <= handledNavSeq) return undefined;
  handledNavSeq = nav.seq;
  return nav.to;
}

function createRouter(routes: ReturnType<typeof buildAppRoutes>): readonly [Router, number] {
  const start = takePendingNavigation();
  if (start) window.history.pushState(null, '', start);
  routerSeq += 1;
  return [createBrowserRouter(routes), routerSeq];
}

export function AppRouter() {
  const loggedIn = useSession((s) => !!s.token && s.userInfo !== null);
  const menu = useSession((s) => s.menu);
  const functionType = useSession((s) => s.functionType);
  const nav = useSession((s) => s.nav);
  const roles = useSession((s) => s.roles);

  const routes = useMemo(() => buildAppRoutes(loggedIn ? menu : [], functionType, loggedIn ? roles : []), [loggedIn, menu, functionType, roles]);
  const [router, routerKey] = useMemo(() => createRouter(routes), [routes]);

  const previous = useRef<Router | null>(null);
  useEffect(() => {
    if (previous.current && previous.current !== router) previous.current.dispose();
    previous.current = router;
  }, [router]);

  useEffect(() => {
    if (nav && nav.seq > handledNavSeq) {
      handledNavSeq = nav.seq;
      void router.navigate(nav.to);
    }
  }, [nav, router]);

  // The SWR cache of the session is provided by the layout and the screen shell (src/lib/session/SessionCache.tsx).
  return <RouterProvider key={routerKey} router={router} />;
}
