// `npm run dev`: the API server with reload on change (tsx watch) and Vite with hot reload, which proxies
// /prod-api and /prod-apicore to the server (vite.config.ts).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (args) => spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });

const children = [
  run(['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/main.ts']),
  run(['node_modules/vite/bin/vite.js']),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { stop(); process.exit(0); });
children.forEach((c) => c.on('exit', (code) => { stop(); process.exit(code ?? 0); }));
