// Runs npm scripts at the same time, prints each one's output when it ends, and fails when any fails.
//   node scripts/together.mjs lint typecheck
// A name written `nice:<script>` runs at the lowest CPU priority (nice 19): it takes only the cycles the
// others leave idle. The test command runs the end-to-end suite (which waits on the browser and timers half
// its time) at normal priority and the server suites under it, so they fill its idle time without slowing it.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const runs = process.argv.slice(2).map((arg) => {
  const low = arg.startsWith('nice:') && process.platform !== 'win32';
  const name = arg.replace(/^nice:/, '');
  const [command, args] = low ? ['nice', ['-n', '19', npm, 'run', '--silent', name]] : [npm, ['run', '--silent', name]];
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const how = `${low ? ' (low priority)' : ''}: ${code === 0 ? 'ok' : `failed (${code})`}`;
      process.stdout.write(`== npm run ${name}${how} in ${Math.round((Date.now() - started) / 1000)} s\n${out}`);
      resolve(code === 0);
    });
  });
});
const ok = await Promise.all(runs);
process.exit(ok.every(Boolean) ? 0 : 1);
