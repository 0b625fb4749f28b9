// Runs npm scripts at the same time (the test command's lint and typecheck: each keeps one core busy for a
// minute or more), prints each one's output when it ends, and fails when any fails.
//   node scripts/together.mjs lint typecheck
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (code) => {
        process.stdout.write(`== npm run ${name}: ${code === 0 ? 'ok' : `failed (${code})`} in ${Math.round((Date.now() - started) / 1000)} s\n${out}`);
        resolve(code === 0);
      });
    }),
);
const ok = await Promise.all(runs);
process.exit(ok.every(Boolean) ? 0 : 1);
