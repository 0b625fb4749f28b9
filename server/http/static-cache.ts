// Caching of the built browser app (docs/architecture.md "Delivery"): Vite names every file under
// assets/ by its content hash, so those are cached for a year and never revalidated; index.html (and any
// other unhashed file) is revalidated on every visit (no-cache), so a new build is picked up at once.
import { sep } from 'node:path';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** A file Vite emitted with a content hash: dist/assets/<name>-<hash>.<ext>. */
export const isHashedAsset = (path: string): boolean => path.split(sep).join('/').includes('/assets/');

/** @fastify/static's setHeaders (with its own cacheControl off). */
export function setStaticCacheHeaders(res: { setHeader(name: string, value: string): unknown }, path: string): void {
  res.setHeader('cache-control', isHashedAsset(path) ? IMMUTABLE : REVALIDATE);
}
