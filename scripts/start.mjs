// `npm start`: build the browser app if stale, then run the one Node process that serves it and the API
// (PORT, default 3000; PGlite in DATA_DIR, default ./data; PostgreSQL when DATABASE_URL is set), with the
// HJ 212 device listener on HJ212_PORT (default 9212 here) and devices silent 10 minutes marked offline
// (DEVICE_OFFLINE_MS; docs/device-ingestion.md).
// Until the server says it listens, a line every 10 s repeats the step it last began with the time spent
// (issue 29): the server cannot itself, PGlite holds its event loop while it creates and fills the database.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
buildIfStale();

const REMIND_EVERY_MS = 10_000;
const STARTED = '智慧工地控制台已启动';
const startedAt = Date.now();
let step = '正在加载服务器代码';
let stepSince = startedAt;
console.log(`启动：${step}…（首次启动还要创建数据库并写入演示数据，通常需要 1～3 分钟，每 10 秒报告一次进度）`);

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: ['inherit', 'pipe', 'inherit'],
  env: { ...process.env, STATIC_DIR: process.env.STATIC_DIR ?? 'dist', HJ212_PORT: process.env.HJ212_PORT ?? '9212', DEVICE_OFFLINE_MS: process.env.DEVICE_OFFLINE_MS ?? '600000' },
});
const seconds = (ms) => Math.round(ms / 1000);
const reminder = setInterval(() => {
  const now = Date.now();
  console.log(`启动：${step}… 本步已用时 ${seconds(now - stepSince)} 秒，共 ${seconds(now - startedAt)} 秒`);
}, REMIND_EVERY_MS);
let pending = '';
let listening = false;
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (listening) return;
  pending += chunk.toString('utf8');
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  for (const line of lines) {
    const begun = /^启动：(正在[^…]*)…/.exec(line);
    if (begun) {
      step = begun[1];
      stepSince = Date.now();
    }
    if (line.includes(STARTED)) {
      listening = true;
      clearInterval(reminder);
    }
  }
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => {
  clearInterval(reminder);
  process.exit(signal ? 0 : (code ?? 0));
});
