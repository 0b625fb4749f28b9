// `npm start`: build the browser app if stale, then run the one Node process that serves it and the API
// (PORT, default 3000; PGlite in DATA_DIR, default ./data; PostgreSQL when DATABASE_URL is set), with the
// HJ 212 device listener on HJ212_PORT (default 9212 here) and devices silent 10 minutes marked offline
// (DEVICE_OFFLINE_MS; docs/device-ingestion.md).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
buildIfStale();
// The server's own progress lines follow once its code is loaded (server/main.ts).
console.log('启动：正在加载服务器代码…（首次启动还要创建数据库并写入演示数据，通常需要 1～3 分钟，每 10 秒报告一次进度）');

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, STATIC_DIR: process.env.STATIC_DIR ?? 'dist', HJ212_PORT: process.env.HJ212_PORT ?? '9212', DEVICE_OFFLINE_MS: process.env.DEVICE_OFFLINE_MS ?? '600000' },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
