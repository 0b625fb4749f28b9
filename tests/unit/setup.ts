// jsdom lacks what antd's responsive components read.
import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

afterEach(() => cleanup());
// A file that renders a lazy screen may end while its import() is still loading. Files of a worker share
// their module graph (vitest.config.ts, isolate: false): a load cut off at the file's teardown would fail
// the next file that imports the same module (EnvironmentTeardownError). Let every started import settle.
afterAll(() => vi.dynamicImportSettled());
// findBy / waitFor wait up to 5 s (default 1 s): antd dialogs render slowly on a busy two-core machine.
configure({ asyncUtilTimeout: 5000 });

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
