// Builds the browser app into dist/ only when it is missing or older than its sources, so a second
// `npm start` is quick. Used by `npm start` and by the end-to-end suite. DIST_DIR (default dist) lets
// several working copies of the tests build side by side.
//
// The sources are compared by modification time, except package-lock.json: `npm install` rewrites it on
// every run (a new mtime, usually the same bytes), so it counts by its content, the SHA-256 the last build
// recorded in <dist>/.build-stamp.json (issue 29: re-running `npm install && npm start` rebuilt every time).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Sources compared by modification time. */
const SOURCES = ['src', 'common', 'schemas', 'index.html', 'vite.config.ts'];
/** Sources compared by content: the dependency tree the build bundled. */
const CONTENT_SOURCES = ['package-lock.json'];
const STAMP = '.build-stamp.json';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const contentHash = (path) => (existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : '');

/** The content hashes of CONTENT_SOURCES under `base`, by name. */
export function contentHashes(base = root) {
  return Object.fromEntries(CONTENT_SOURCES.map((s) => [s, contentHash(join(base, s))]));
}

/**
 * Why `outDir` (under `base`) needs a build, or null when it is up to date: no build, a source newer than the
 * build, or a content source whose bytes differ from the build's stamp (a build without a stamp counts as stale).
 */
export function staleReason(base = root, outDir = 'dist') {
  const marker = join(resolve(base, outDir), 'index.html');
  if (!existsSync(marker)) return 'no build';
  const built = statSync(marker).mtimeMs;
  const newer = SOURCES.find((s) => newestMtime(join(base, s)) > built);
  if (newer) return `${newer} changed`;
  let stamp = {};
  try {
    stamp = JSON.parse(readFileSync(join(resolve(base, outDir), STAMP), 'utf8'));
  } catch {
    return 'no build stamp';
  }
  const hashes = contentHashes(base);
  const changed = CONTENT_SOURCES.find((s) => stamp[s] !== hashes[s]);
  return changed ? `${changed} changed` : null;
}

/** Records what the build in `outDir` was made from (after a successful build). */
export function writeStamp(base = root, outDir = 'dist') {
  writeFileSync(join(resolve(base, outDir), STAMP), `${JSON.stringify(contentHashes(base), null, 2)}\n`);
}

export function buildIfStale({ quiet = false } = {}) {
  const outDir = process.env.DIST_DIR || 'dist';
  const reason = staleReason(root, outDir);
  if (reason === null) {
    if (!quiet) console.log(`前端已是最新构建，跳过构建 (${outDir}/ is up to date)`);
    return;
  }
  console.log(`正在构建前端 (building the browser app into ${outDir}/: ${reason})…`);
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const res = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error('前端构建失败 (vite build failed)');
    process.exit(res.status ?? 1);
  }
  writeStamp(root, outDir);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildIfStale();
