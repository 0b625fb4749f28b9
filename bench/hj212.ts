// `npm run bench:hj212` (docs/device-ingestion.md): BENCH_DEVICES (1,000) dust monitors, each on its own
// TCP connection to the HJ 212 listener on 127.0.0.1, upload one real-time frame (Flag=5, reply wanted)
// every 10 s for BENCH_SECONDS (300), then the driver waits for the last replies and prints frames sent,
// replies, readings stored, lost, and the server process's CPU. The server is a child process
// (bench/hj212-server.ts); everything stops by itself.
import { fork } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { buildFrame } from '../server/devices/hj212/frame';
import { cpuSeconds, sleep } from './load-support';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 300);
const PERIOD_MS = Number(process.env.BENCH_PERIOD_MS ?? 10_000);
/** Share of frames sent twice, as a monitor retransmits when its reply is lost (same QN and data time). */
const RETRANSMIT = Number(process.env.BENCH_RETRANSMIT ?? 0.05);

type Stats = { stored: number; ingest: Record<string, number>; listener: Record<string, number> };

const child = fork('bench/hj212-server.ts', [], {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, BENCH_DEVICES: String(DEVICES) },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const message = <T>(filter: (m: unknown) => boolean): Promise<T> =>
  new Promise((resolve) => {
    const on = (m: unknown) => {
      if (!filter(m)) return;
      child.off('message', on);
      resolve(m as T);
    };
    child.on('message', on);
  });
const stats = (): Promise<Stats> => {
  const p = message<Stats>((m) => typeof m === 'object' && m !== null && 'stored' in m);
  child.send('stats');
  return p;
};

const hardStop = setTimeout(() => {
  console.error('bench:hj212: did not finish in time, stopping');
  child.kill('SIGKILL');
  process.exit(1);
}, (SECONDS + 180) * 1000);
hardStop.unref();

const { port } = await message<{ port: number }>((m) => typeof m === 'object' && m !== null && 'port' in m);
console.log(`bench:hj212 — ${DEVICES} devices × 1 frame / ${PERIOD_MS / 1000} s for ${SECONDS} s on 127.0.0.1:${port} (server pid ${child.pid})`);

let sent = 0;
/** Distinct frames (a retransmitted copy counts once): what must be stored. */
let unique = 0;
let copies = 0;
let replies = 0;
let errors = 0;
const sockets: Socket[] = [];
for (let i = 0; i < DEVICES; i += 1) {
  const socket = connect(port, '127.0.0.1');
  socket.on('data', (chunk) => (replies += (chunk.toString('latin1').match(/CN=9014/g) ?? []).length));
  socket.on('error', () => (errors += 1));
  sockets.push(socket);
  if (i % 100 === 99) await sleep(20);
}
await sleep(500);

const cst = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString();
const frameOf = (i: number, at: Date): string => {
  const qn = cst(at).slice(0, 23).replace(/[-T:.]/g, '');
  const pm10 = (50 + ((i * 7 + sent) % 40)).toFixed(1);
  return buildFrame(
    `QN=${qn};ST=22;CN=2011;PW=123456;MN=BENCH${String(i + 1).padStart(6, '0')};Flag=5;CP=&&DataTime=${qn.slice(0, 14)};a34002-Rtd=${pm10},a34002-Flag=N;a34004-Rtd=30.2,a34004-Flag=N;a01001-Rtd=18.5;a01002-Rtd=60;a01007-Rtd=2.1;a01008-Rtd=120&&`,
  );
};

const cpuStart = cpuSeconds(child.pid!) ?? 0;
const started = Date.now();
// Each device has its own phase within the period, as real monitors do.
const timers = sockets.map((socket, i) => {
  const send = () => {
    if (Date.now() - started >= SECONDS * 1000 || socket.destroyed) return;
    const frame = frameOf(i, new Date());
    socket.write(frame, 'latin1');
    sent += 1;
    unique += 1;
    // Every n-th frame of the run again (its reply "lost"), shortly after: the same QN and data time.
    if (RETRANSMIT > 0 && unique % Math.round(1 / RETRANSMIT) === 0) {
      setTimeout(() => {
        if (socket.destroyed) return;
        socket.write(frame, 'latin1');
        sent += 1;
        copies += 1;
      }, 200);
    }
  };
  const first = setTimeout(() => {
    send();
    timers[i] = setInterval(send, PERIOD_MS);
  }, (PERIOD_MS * i) / DEVICES);
  return first as NodeJS.Timeout;
});
let lastReport = Date.now();
while (Date.now() - started < SECONDS * 1000) {
  await sleep(1000);
  if (Date.now() - lastReport >= 30_000) {
    lastReport = Date.now();
    console.log(`  ${Math.round((Date.now() - started) / 1000)} s: sent ${sent}, replies ${replies}`);
  }
}
for (const t of timers) clearInterval(t);
const elapsed = (Date.now() - started) / 1000;
const cpuEnd = cpuSeconds(child.pid!) ?? cpuStart;
// The last replies.
for (let i = 0; i < 100 && replies < sent; i += 1) await sleep(100);
const s = await stats();
for (const socket of sockets) socket.destroy();
const lost = Math.max(0, unique - s.stored);
const duplicated = Math.max(0, s.stored - unique);
const cpu = cpuEnd - cpuStart;
console.log(
  [
    `frames sent:       ${sent} (${unique} distinct, ${copies} retransmitted copies)`,
    `replies (9014):    ${replies}`,
    `readings stored:   ${s.stored}`,
    `lost:              ${lost}`,
    `duplicated:        ${duplicated}   (copies answered, not stored: ${s.listener?.duplicates ?? 0})`,
    `refused by server: ${s.listener?.refused ?? 0}   client socket errors: ${errors}`,
    `write batches:     ${s.ingest.batches} (${(s.stored / Math.max(1, s.ingest.batches)).toFixed(1)} readings each)`,
    `server CPU:        ${cpu.toFixed(1)} s over ${elapsed.toFixed(0)} s = ${((100 * cpu) / elapsed).toFixed(1)} % of one core`,
  ].join('\n'),
);
child.send('stop');
await new Promise((resolve) => child.once('exit', resolve));
process.exit(lost === 0 && duplicated === 0 ? 0 : 1);
