// One SWR cache per user and company, so a re-login or a switch never shows the previous one's data. It
// wraps the back-office layout and the large-screen shell (both lazy) rather than the router, so the
// login page does not load SWR (issue 11 delivery); both share the one cache of the session, as before.
import { createContext, useContext, type ReactNode } from 'react';
import { SWRConfig, type Cache } from 'swr';
import { useSession } from './store';

let current: { key: string; cache: Cache } | null = null;

/** The cache of a user and company: the same Map while they stay, a new one when they change. */
function cacheFor(key: string): Cache {
  if (current?.key !== key) current = { key, cache: new Map() as Cache };
  return current.cache;
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
