// Page schemas from the server that runs them (docs/configuring-pages.md "Editing schemas while the console
// runs"): a page opens with the page, entity and related entities the server answers (GET /api/Meta/Page) —
// after a bad edit under `npm run dev` still the last good ones, the same the server validates against — and
// with the schemas bundled into the build only when the server cannot answer. Under `npm run dev` the open
// page watches the schemas' version (GET /api/Meta/Version, every second while the tab is visible) and draws
// an edited page in place (GeneratedPage).
import type { LoadedPage } from '../../../common/metadata/types';
import { http, unwrap } from '../../lib/http/client';
import type { PageLoader } from '../page/page-bundle';

export const META_PAGE_URL = '/api/Meta/Page';
export const META_VERSION_URL = '/api/Meta/Version';
const POLL_MS = 1000;

/** The server's page `name`, else the bundled one (`bundled`). */
export function serverPage(name: string, bundled: PageLoader): PageLoader {
  return async () => {
    try {
      const loaded = await unwrap(http.get<LoadedPage>(META_PAGE_URL, { name }));
      if (loaded?.page && loaded.entity) return loaded;
    } catch {
      /* no answer: the bundled schemas */
    }
    return bundled();
  };
}

// The schemas' revision as the open pages know it: moves when the server's version does (dev only).
let revision = 0;
let known: string | null = null;
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();
/** Whether open pages follow the server's schemas (`npm run dev`, not the tests). */
export const SCHEMAS_WATCHED = import.meta.env.DEV && import.meta.env.MODE !== 'test';

async function poll(): Promise<void> {
  if (typeof document !== 'undefined' && document.visibilityState !== 'visible') return;
  try {
    const { version } = await unwrap(http.get<{ version: string }>(META_VERSION_URL));
    if (known !== null && version !== known) {
      revision += 1;
      listeners.forEach((l) => l());
    }
    known = version;
  } catch {
    /* a restart in progress: the next poll sees the new version */
  }
}

/** For useSyncExternalStore: pages re-read their schemas when the revision moves. */
export function subscribeSchemas(listener: () => void): () => void {
  listeners.add(listener);
  if (SCHEMAS_WATCHED && !timer) {
    void poll();
    timer = setInterval(() => void poll(), POLL_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

export const schemaRevision = (): number => revision;
