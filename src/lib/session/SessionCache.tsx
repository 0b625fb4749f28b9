// One SWR cache per user and company, so a re-login or a switch never shows the previous one's data. It
// wraps the back-office layout and the large-screen shell (both lazy) rather than the router, so the
// login page does not load SWR (issue 11 delivery); both share the one cache of the session, as before.
import { createContext, useContext, type ReactNode } from 'react';
import { SWRConfig, type Cache } from 'swr';
import { useSession } from './store';

let current: { key: string; entries: Map<string, unknown> } | null = null;

/**
 * The cache of a user and company: the same entries while they stay, new ones when they change. Each mounted
 * provider gets a view of its own over them: SWR keeps its state per cache object and drops it when that
 * provider unmounts, which — with one object for both — broke the provider mounted in its place (a menu
 * refreshed under `npm run dev` remounts the layout: 页面加载失败, "undefined is not iterable" in useSWR).
 */
function cacheFor(key: string): Cache {
  if (current?.key !== key) current = { key, entries: new Map() };
  const entries = current.entries;
  return {
    get: (k) => entries.get(k) as ReturnType<Cache['get']>,
    set: (k, value) => void entries.set(k, value),
    delete: (k) => void entries.delete(k),
    keys: () => entries.keys(),
  };
}

const Inside = createContext(false);

export function SessionCache({ children }: { children: ReactNode }) {
  const inside = useContext(Inside);
  const cacheKey = useSession((s) => `${s.token ?? ''}|${s.company?.path.join(',') ?? ''}`);
  // A screen shown inside the back office (a menu `screen:` view) uses the layout's provider.
  if (inside) return children;
  return (
    <Inside.Provider value>
      {/* The key remounts the subtree on a switch, as the router-wide provider did. */}
      <SWRConfig key={cacheKey} value={{ provider: () => cacheFor(cacheKey) }}>
        {children}
      </SWRConfig>
    </Inside.Provider>
  );
}
