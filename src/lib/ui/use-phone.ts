// Whether the window is a phone's: narrower than antd's `sm` breakpoint (576 px). Asked as "narrower than",
// so where the width cannot be known (no matchMedia, a test's stub answering false) the page is a desktop's.
import { useSyncExternalStore } from 'react';

export const PHONE_QUERY = '(max-width: 575.98px)';

const media = (): MediaQueryList | undefined => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : undefined);

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener?.('change', onChange);
  return () => list?.removeEventListener?.('change', onChange);
}

const snapshot = (): boolean => media()?.matches === true;

export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
