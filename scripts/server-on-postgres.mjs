// The server suite on PostgreSQL, when one answers: DATABASE_URL if set, else the local server
// (postgres://postgres@127.0.0.1:5432/test, trust auth, as on the development and CI machines). Without
// one it says so and passes, so `npm test` stays true on a machine without PostgreSQL.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';

const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const { hostname, port } = new URL(url);

const answers = await new Promise((resolve) => {
  const socket = connect({ host: hostname, port: Number(port || 5432), timeout: 2000 });
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => (socket.destroy(), resolve(false)));
});
if (!answers) {
  console.log(`== no PostgreSQL at ${hostname}:${port || 5432}: the server suite on PostgreSQL is skipped`);
  process.exit(0);
}
console.log(`== the server suite on PostgreSQL (${hostname}:${port || 5432}${new URL(url).pathname})`);
const child = spawn(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['vitest', 'run', '--project', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
child.on('close', (code) => process.exit(code ?? 1));
