// `npm run dev`: the API server and Vite with hot reload, which proxies /prod-api and /prod-apicore to the
// server (vite.config.ts). This process supervises both (docs/configuring-pages.md "Editing schemas while
// the console runs"):
// - a change under server/ or common/ restarts the API server;
// - a change under schemas/ is checked by the running server (message `check-schemas`), which applies a
//   good edit itself: pages alone in place (`schemas-live`, server/platform/live-schemas.ts), anything else
//   by rebuilding its app on the same database (`schemas-applied`, server/dev-reload.ts); the open page
//   sees the schemas' version move and draws them, and codegen keeps the generated files current beside
//   it. A bad edit keeps the last good schemas running and prints the problems, which the page shows in
//   Vite's error overlay (message `schema-error`). A stopped server (a bad schema at start) is started
//   again on the next good edit, and the page reloads once it listens (message `reload` to Vite).
// DEV_VITE=0 runs the API server alone; DEV_CODEGEN=0 skips regenerating (tests use both with SCHEMAS_DIR).
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const schemasDir = process.env.SCHEMAS_DIR || join(root, 'schemas');
const withVite = process.env.DEV_VITE !== '0';
const withCodegen = process.env.DEV_CODEGEN !== '0';
const DEBOUNCE_MS = 300;

const log = (line) => console.log(`[dev] ${line}`);
const node = (args, ipc) =>
  spawn(process.execPath, args, { cwd: root, stdio: ipc ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit', env: { ...process.env, SCHEMAS_DIR: schemasDir } });

let server = null;
let vite = null;
let stopping = false;
/** After a schema change started a stopped server: reload the page once it listens. */
let reloadWhenReady = false;

function startServer() {
  const child = node(['--import', 'tsx', 'server/main.ts'], true);
  server = child;
  child.on('message', (message) => {
    if (message?.type === 'ready' && reloadWhenReady) {
      reloadWhenReady = false;
      vite?.send({ type: 'reload' });
      log('schemas reloaded / 配置已重新加载');
    }
    // The running server took the edit (pages in place, else a rebuild of its app) and the open page draws
    // it; codegen keeps the generated files current without a restart.
    if (message?.type === 'schemas-live') {
      log('page schemas live / 页面配置已即时生效');
      void runCodegen();
    }
    if (message?.type === 'schemas-applied') {
      log(`schemas applied in ${message.ms} ms / 配置已生效（用时 ${(message.ms / 1000).toFixed(1)} 秒）`);
      void runCodegen();
    }
    if (message?.type === 'schema-error') {
      console.error(message.lines.join('\n'));
      log('the last good schemas keep running / 配置有误，继续使用上一次正确的配置');
      vite?.send({ type: 'schema-error', lines: message.lines });
    }
  });
  child.on('exit', (code, signal) => {
    if (server === child) server = null;
    if (!stopping && child.restarting !== true) log(`API server stopped (${signal ?? code}); it starts again on the next change`);
  });
}

function restartServer() {
  const old = server;
  if (!old) return startServer();
  if (old.restarting) return;
  old.restarting = true;
  old.once('exit', () => startServer());
  old.kill('SIGTERM');
}

function runCodegen() {
  if (!withCodegen) return Promise.resolve(0);
  return new Promise((resolve) => node(['--import', 'tsx', 'codegen/main.ts'], false).on('exit', (code) => resolve(code ?? 1)));
}

async function applySchemas() {
  if ((await runCodegen()) !== 0) return;
  reloadWhenReady = true;
  restartServer();
}

/** Debounced: editors write a file in several steps. */
function debounced(action) {
  let timer;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(action, DEBOUNCE_MS);
  };
}

const onCode = debounced(() => {
  log('code changed: restarting the API server');
  restartServer();
});
const onSchemas = debounced(() => {
  // The running server checks them (it has the catalog loader); a stopped one is simply started.
  if (server?.connected) server.send({ type: 'check-schemas' });
  else void applySchemas();
});

const watchers = [
  ...['server', 'common'].map((dir) => watch(join(root, dir), { recursive: true }, (_, file) => file?.endsWith('.ts') && onCode())),
  watch(schemasDir, { recursive: true }, (_, file) => file?.endsWith('.json') && onSchemas()),
];

startServer();
if (withVite) vite = node(['node_modules/vite/bin/vite.js'], true);
vite?.on('exit', (code) => stop(code ?? 0));

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  watchers.forEach((w) => w.close());
  for (const child of [server, vite]) child?.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(0));
