// The HJ 212-2017 TCP listener (docs/device-ingestion.md): environment monitors connect and upload frames;
// each frame is checked (framing, CRC, fields, a registered MN), its readings (real-time) or interval
// records (minute / hour / day) stored through the Ingest, heartbeats and notifications taken as signs of
// life, and each answered when its Flag asks (9014 / 9013 / 9011, never an answer to an answer) once stored. A refused frame is logged (warn) and stores
// nothing. An upload carrying a value no device can have measured (outside its field's plausible range, or no
// number) is answered as any upload — HJ 212-2017 has no code by which a 9014 refuses data — and stores
// nothing: counted (stats.implausible) and logged once per device and factor. Connections idle past `idleMs` are closed, as is one whose unframed bytes pass `maxBuffer`.
import { createServer, type Server, type Socket } from 'node:net';
import type { Ingest, KnownDevice } from '../ingest';
import { READING_KIND_OF } from '../tables';
import { sourceAllowed, verifyAccessPassword } from './access';
import { ANSWER_CNS, Hj212Error, NOTICE_CNS, parseDataSegment, replyFor, wantsReply, type Hj212Packet } from './frame';
import { INTERVAL_CNS, implausibleIntervals, readIntervals, type IntervalKind } from './intervals';
import { Hj212Framer } from './framer';
import { SplitUploads } from './split';
import { DATA_CNS, DATA_FLAGS, FACTOR_LABELS, FAULT_FLAGS, dataTime, flagsText, implausibleEnv, packetTime, readEnv, type Implausible } from './mapping';

export type Hj212Options = {
  port: number;
  host?: string;
  /** Close a connection silent this long; default 5 min (devices upload every 30–60 s and keep the link). */
  idleMs?: number;
  /** Most unframed bytes kept per connection; default 16 KiB (a frame is at most 10,012). */
  maxBuffer?: number;
  /** Readings dated further than this from now are dated now; default 1 day. */
  clockSkewMs?: number;
};

export type Hj212Log = { warn: (o: object, msg: string) => void; info: (o: object, msg: string) => void };

export type Hj212Stats = {
  connections: number;
  frames: number;
  stored: number;
  refused: number;
  /** Of the refused: a registered MN with a missing or wrong PW, or from an address its list does not hold. */
  refusedAccess: number;
  /** Retransmitted copies (same device, QN and data time): answered, not stored again. */
  duplicates: number;
  /** Uploads with no factor this platform keeps: answered, nothing stored. */
  unmapped: number;
  /**
   * Uploads (real-time or interval) with a value outside its field's plausible range or no number: answered
   * (HJ 212 has no refusing answer to an upload), nothing stored, no alarm; logged once per device and factor.
   */
  implausible: number;
  /** Minute / hour / day uploads stored as interval records (env_interval). */
  intervals: number;
  /** Heartbeats, notifications and answers (9011–9015, 9021, 1001, 1013, 1014): the device seen, nothing stored. */
  notices: number;
  replies: number;
};

export type Hj212Listener = { port: number; stats: Hj212Stats; close: () => Promise<void> };

/** Frames of one connection waiting to be stored before it is closed. */
const MAX_IN_FLIGHT = 1000;

export async function startHj212(ingest: Ingest, options: Hj212Options, log: Hj212Log): Promise<Hj212Listener> {
  const stats: Hj212Stats = { connections: 0, frames: 0, stored: 0, refused: 0, refusedAccess: 0, duplicates: 0, unmapped: 0, implausible: 0, intervals: 0, notices: 0, replies: 0 };
  /** Factor codes not mapped, logged once per device (a monitor repeats them every upload). */
  const unknownLogged = new Map<string, Set<string>>();
  const noteUnknown = (mn: string, codes: string[], peer: string): void => {
    const seen = unknownLogged.get(mn) ?? new Set<string>();
    const fresh = codes.filter((c) => !seen.has(c));
    if (fresh.length === 0) return;
    for (const c of fresh) seen.add(c);
    if (unknownLogged.size < 100_000) unknownLogged.set(mn, seen);
    log.warn({ hj212: { peer, mn, codes: fresh } }, `HJ212 未识别的监测因子（已应答，未存储）：${fresh.join('、')}`);
  };
  /** Factors whose implausible values were logged, per device (a broken sensor repeats them every upload). */
  const implausibleLogged = new Map<string, Set<string>>();
  const noteImplausible = (mn: string, found: Implausible[], peer: string): void => {
    stats.implausible += 1;
    const seen = implausibleLogged.get(mn) ?? new Set<string>();
    const fresh = found.filter((f) => !seen.has(f.field));
    if (fresh.length === 0) return;
    for (const f of fresh) seen.add(f.field);
    if (implausibleLogged.size < 100_000) implausibleLogged.set(mn, seen);
    log.warn(
      { hj212: { peer, mn, values: fresh.map((f) => ({ field: f.field, value: f.value })) } },
      `HJ212 数据超出合理范围，整条数据未存储（已应答）：${fresh.map((f) => `${f.reason}，收到 ${f.value}`).join('；')}`,
    );
  };
  const sockets = new Set<Socket>();
  const splits = new SplitUploads();
  const idleMs = options.idleMs ?? 300_000;
  const skew = options.clockSkewMs ?? 86_400_000;

  const refuse = (peer: string, reason: string, raw: string): void => {
    stats.refused += 1;
    log.warn({ hj212: { peer, reason, frame: raw.slice(0, 200) } }, `HJ212 帧被拒绝：${reason}`);
  };

  async function handle(socket: Socket, peer: string, data: string, lengthMismatch: boolean): Promise<void> {
    stats.frames += 1;
    let packet: Hj212Packet;
    try {
      packet = parseDataSegment(data);
    } catch (error) {
      if (error instanceof Hj212Error) return refuse(peer, `格式错误：${error.message}`, data);
      throw error;
    }
    if (lengthMismatch) log.warn({ hj212: { peer, mn: packet.mn } }, 'HJ212 帧长度与数据段不符，按CRC接受');
    if (packet.pnum !== undefined) {
      // A split upload: its parts are one reading; a part before the last is answered when it arrives
      // (a monitor may wait for that answer before sending the next part).
      const whole = splits.add(packet);
      if (!whole) return answer(socket, packet);
      packet = whole;
    }
    const device = await ingest.device(packet.mn);
    if (!device) return refuse(peer, `未登记的设备 MN=${packet.mn}`, data);
    // Access (docs/device-ingestion.md "Access"): the device's PW, and its source addresses when listed.
    if (!verifyAccessPassword(packet.pw, device.hj212Password)) {
      stats.refusedAccess += 1;
      ingest.countRefused(device);
      return refuse(peer, device.hj212Password ? `访问密码错误 MN=${packet.mn}` : `设备未设置访问密码 MN=${packet.mn}`, data);
    }
    if (device.hj212Sources && !sourceAllowed(device.hj212Sources, socket.remoteAddress ?? '')) {
      stats.refusedAccess += 1;
      ingest.countRefused(device);
      return refuse(peer, `来源地址不在设备允许范围 MN=${packet.mn}`, data);
    }
    if (ANSWER_CNS.has(packet.cn) || NOTICE_CNS.has(packet.cn)) {
      // An answer (9011–9014) to a command of the platform's, a heartbeat or a notification: a sign of life,
      // nothing stored; a notification that asks gets its 9013, an answer never gets one (no loop).
      stats.notices += 1;
      await ingest.seen(device);
      return answer(socket, packet);
    }
    if (DATA_CNS.has(packet.cn)) {
      if (READING_KIND_OF[device.kind] !== 'env') return refuse(peer, `设备 ${packet.mn} 不是扬尘或噪声设备`, data);
      const kind = INTERVAL_CNS[packet.cn];
      if (kind) {
        const stored = await storeInterval(device, packet, kind, peer, data);
        if (stored === 'refused') return;
      } else {
        await storeRealtime(device, packet, peer);
      }
    }
    answer(socket, packet);
  }

  /** Sends the answer the packet's Flag asks for (frame.ts replyFor), if any. */
  function answer(socket: Socket, packet: Hj212Packet): void {
    if (!wantsReply(packet.flag) || socket.destroyed) return;
    const reply = replyFor(packet);
    if (reply === null) return;
    socket.write(reply, 'latin1');
    stats.replies += 1;
  }

  async function storeRealtime(device: KnownDevice, packet: Hj212Packet, peer: string): Promise<void> {
    const data = readEnv(packet);
    const { values, flagged, unknown } = data;
    if (unknown.length > 0) noteUnknown(packet.mn, unknown, peer);
    const implausible = implausibleEnv(data, ingest.tables.readings.env.columns);
    if (implausible.length > 0) return noteImplausible(packet.mn, implausible, peer);
    if (Object.keys(values).length === 0 && flagged.length === 0) {
      // Nothing this platform keeps (codes of other factors): answered all the same, so the monitor does
      // not retry forever; the codes were logged once for the device.
      stats.unmapped += 1;
      return;
    }
    const now = Date.now();
    const at = packetTime(packet);
    const when = at && Math.abs(at.getTime() - now) <= skew ? at : new Date(now);
    const faults = flagged.filter((f) => FAULT_FLAGS.has(f.flag)).map((f) => `${FACTOR_LABELS[f.field]}（${DATA_FLAGS[f.flag]}）`);
    const stored = await ingest.submit({ device, at: when, values, qn: packet.qn ?? undefined, dataFlags: flagsText(flagged), faults });
    if (stored === 'duplicate') stats.duplicates += 1;
    else stats.stored += 1;
  }

  /**
   * A minute / hour / day upload: its records dated by DataTime, the period's start (no DataTime, or one in
   * the future: refused); a period long past is taken (a monitor re-sends history).
   */
  async function storeInterval(device: KnownDevice, packet: Hj212Packet, kind: IntervalKind, peer: string, data: string): Promise<'stored' | 'refused' | 'none'> {
    const figures = readIntervals(packet);
    const { records, unknown } = figures;
    if (unknown.length > 0) noteUnknown(packet.mn, unknown, peer);
    if (records.length === 0 && figures.invalid.length === 0) {
      stats.unmapped += 1;
      return 'none';
    }
    const at = dataTime(packet);
    if (!at) {
      refuse(peer, `时段数据缺少有效的 DataTime MN=${packet.mn}`, data);
      return 'refused';
    }
    if (at.getTime() - Date.now() > skew) {
      refuse(peer, `时段数据的 DataTime 晚于当前时间 MN=${packet.mn}`, data);
      return 'refused';
    }
    const implausible = implausibleIntervals(figures, ingest.tables.readings.env.columns);
    if (implausible.length > 0) {
      noteImplausible(packet.mn, implausible, peer);
      return 'none';
    }
    const stored = await ingest.intervals({ device, kind, at, qn: packet.qn ?? undefined, records });
    if (stored === 'duplicate') stats.duplicates += 1;
    else stats.intervals += 1;
    return 'stored';
  }

  const server: Server = createServer((socket) => {
    stats.connections += 1;
    sockets.add(socket);
    const peer = `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`;
    const framer = new Hj212Framer(options.maxBuffer ?? 16_384);
    // Frames of one connection are handled in order, so replies keep the upload order; a sender more than
    // MAX_IN_FLIGHT frames ahead of storage is cut off.
    let chain: Promise<void> = Promise.resolve();
    let inFlight = 0;
    socket.setNoDelay(true);
    socket.setTimeout(idleMs, () => socket.destroy());
    socket.on('data', (chunk) => {
      let events;
      try {
        events = framer.push(chunk);
      } catch {
        refuse(peer, '缓冲区超限，连接已关闭', chunk.toString('latin1', 0, 80));
        socket.destroy();
        return;
      }
      for (const e of events) {
        if (e.kind === 'bad') {
          refuse(peer, e.reason, e.raw);
          continue;
        }
        if ((inFlight += 1) > MAX_IN_FLIGHT) {
          refuse(peer, '待处理帧过多，连接已关闭', e.data);
          socket.destroy();
          return;
        }
        chain = chain
          .then(() => handle(socket, peer, e.data, e.lengthMismatch))
          .catch((err: unknown) => log.warn({ err, hj212: { peer } }, 'HJ212 帧处理失败'))
          .finally(() => (inFlight -= 1));
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  });
  server.maxConnections = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  log.info({ hj212: { port } }, 'HJ212 listener started');
  return {
    port,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
