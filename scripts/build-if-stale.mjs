// Builds the browser app into dist/ only when it is missing or older than its sources, so a second
// `npm start` is quick. Used by `npm start` and by the end-to-end suite. DIST_DIR (default dist) lets
// several working copies of the tests build side by side.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['src', 'common', 'schemas', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function buildIfStale({ quiet = false } = {}) {
  const outDir = process.env.DIST_DIR || 'dist';
  const marker = join(root, outDir, 'index.html');
  const built = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => newestMtime(join(root, s))));
  if (built && built >= sources) {
    if (!quiet) console.log(`前端已是最新构建，跳过构建 (${outDir}/ is up to date)`);
    return;
  }
  console.log(`正在构建前端 (building the browser app into ${outDir}/)…`);
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const res = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error('前端构建失败 (vite build failed)');
    process.exit(res.status ?? 1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) buildIfStale();
