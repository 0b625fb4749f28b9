// The demo simulator's way in through the devices' own doors (docs/device-ingestion.md): environment
// readings as HJ 212 frames over a TCP connection to this process's listener, crane, lift and gas detector
// readings as signed JSON to POST DeviceData/Push (through app.inject: the full route, guard, parser and signature
// check, without a socket). A device the feed cannot serve — no listener, no access password, no ingestion key — is left to
// the simulator's direct write. Each delivery resolves once the server has acknowledged (9014 / 200).
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildFrame, qnOf } from './hj212/frame';
import { DEVICE_PUSH_PATH } from './http-ingest';
import { deviceHeaders } from './signature';

/** A reading as the simulator builds it: column names (snake_case) → values, with device_code and reading_time. */
export type SimRow = Record<string, unknown> & { device_code: string; reading_time: string };

/** A device as the feed sees it: its HTTP key, and whether it has an HJ 212 access password (the demo's). */
export type FeedDevice = { code: string; ingestKey: string | null; hj212?: boolean };

/**
 * The demo monitors' HJ 212 access password (PW), as the demo passwords are published: the seeded dust and
 * noise monitors store its hash (schemas/seed/monitor-device.json); a device without one is written directly.
 */
export const DEMO_HJ212_PASSWORD = '123456';

export type ReadingFeed = {
  /** Delivers what it can; answers the device codes it delivered (the rest is for a direct write). */
  deliver: (env: SimRow[], crane: SimRow[], devices: ReadonlyMap<string, FeedDevice>, gas?: SimRow[]) => Promise<Set<string>>;
  close: () => Promise<void>;
};

const ENV_CODES: Record<string, string> = {
  pm25: 'a34004', pm10: 'a34002', tsp: 'a34001', noise: 'LA', temperature: 'a01001', humidity: 'a01002',
  pressure: 'a01006', wind_speed: 'a01007', wind_direction: 'a01008',
};
const CRANE_FIELDS: Record<string, string> = {
  load_ratio: 'loadRatio', moment_ratio: 'momentRatio', height: 'height', radius: 'radius', wind_speed: 'windSpeed', tilt: 'tilt', floor: 'floor', load_kg: 'loadKg',
};
/** Gas detector columns → GasReading fields (schemas/entities/gas-reading.json). */
const GAS_FIELDS: Record<string, string> = { lel: 'lel', o2: 'o2', co: 'co', h2s: 'h2s' };
const ACK_TIMEOUT_MS = 10_000;

/** The HJ 212 real-time frame of an environment row (Flag=5: the listener answers 9014). */
export function envFrame(row: SimRow, qn: string): string {
  const at = new Date(row.reading_time);
  const items = Object.entries(ENV_CODES)
    .filter(([column]) => typeof row[column] === 'number')
    .map(([column, code]) => `${code}-Rtd=${row[column] as number},${code}-Flag=N`);
  const dataTime = qnOf(at).slice(0, 14);
  return buildFrame(`QN=${qn};ST=22;CN=2011;PW=${DEMO_HJ212_PASSWORD};MN=${row.device_code};Flag=5;CP=&&DataTime=${dataTime};${items.join(';')}&&`);
}

class Hj212Client {
  private socket: Socket | null = null;
  private acks = 0;
  private waiters: Array<{ need: number; resolve: () => void }> = [];

  constructor(private readonly port: number) {}

  private async open(): Promise<Socket> {
    if (this.socket && !this.socket.destroyed) return this.socket;
    const socket = connect(this.port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.on('data', (chunk) => {
      this.acks += (chunk.toString('latin1').match(/CN=9014/g) ?? []).length;
      this.waiters = this.waiters.filter((w) => (this.acks >= w.need ? (w.resolve(), false) : true));
    });
    socket.on('error', () => socket.destroy());
    this.socket = socket;
    return socket;
  }

  /** Sends frames and waits for their acknowledgements (or the timeout). */
  async send(frames: string[]): Promise<void> {
    const socket = await this.open();
    const need = this.acks + frames.length;
    const acked = new Promise<void>((resolve) => {
      this.waiters.push({ need, resolve });
      setTimeout(resolve, ACK_TIMEOUT_MS).unref();
    });
    socket.write(frames.join(''), 'latin1');
    await acked;
  }

  close(): void {
    this.socket?.destroy();
  }
}

export function createReadingFeed(app: FastifyInstance, hj212Port: number | null): ReadingFeed {
  const client = hj212Port === null ? null : new Hj212Client(hj212Port);
  let sequence = 0;
  return {
    async deliver(env, crane, devices, gas = []) {
      const delivered = new Set<string>();
      const framed = env.filter((row) => devices.get(row.device_code)?.hj212 === true);
      if (client && framed.length > 0) {
        const qn = qnOf(new Date());
        try {
          await client.send(framed.map((row) => envFrame(row, `${qn.slice(0, 14)}${String((sequence += 1) % 1000).padStart(3, '0')}`)));
          for (const row of framed) delivered.add(row.device_code);
        } catch {
          // The listener is unreachable (closing): the simulator writes these directly.
        }
      }
      const signed = [...crane.map((row) => [row, CRANE_FIELDS] as const), ...gas.map((row) => [row, GAS_FIELDS] as const)];
      await Promise.all(
        signed.map(async ([row, fields]) => {
          const key = devices.get(row.device_code)?.ingestKey;
          if (!key) return;
          const data = Object.fromEntries(Object.entries(fields).filter(([c]) => typeof row[c] === 'number').map(([c, f]) => [f, row[c]]));
          const body = JSON.stringify({ time: row.reading_time, data });
          try {
            const reply = await app.inject({ method: 'POST', url: DEVICE_PUSH_PATH, headers: deviceHeaders(row.device_code, key, body), payload: body });
            if (reply.statusCode === 200) delivered.add(row.device_code);
          } catch {
            // The app is closing: the simulator writes this reading directly.
          }
        }),
      );
      return delivered;
    },
    close: async () => client?.close(),
  };
}
