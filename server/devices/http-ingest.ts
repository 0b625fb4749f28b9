// POST /prod-api/api/DeviceData/Push (docs/device-ingestion.md): cranes, lifts, gas detectors,
// weighbridges and AI cameras push JSON readings, each request signed with the device's own key
// (signature.ts). No session: the route is public to the guard, declares that it writes, and answers
// 401 for an unknown device, a missing key, a stale timestamp or a wrong signature, 409 for a replay,
// 400 for a bad body (a value outside its field's plausible range among them) — each in Chinese, and
// nothing is written on refusal. A request's signature is
// remembered in device_ingest_replay for the window, in the database, so any server process refuses it.
import rateLimit from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fail, ok } from '../../common/envelope';
import { API_BASE } from '../../common/constants';
import type { Database } from '../db/schema';
import { jsonDepthExceeds, strictUtf8 } from '../http/input-guard';
import { SnapshotStore } from '../http/rate-limit-store';
import type { DeviceEvent, Ingest, KnownDevice } from './ingest';
import { signatureMatches } from './signature';
import { READING_KIND_OF, plausible, rangeText, type DeviceTables, type ReadingField } from './tables';

export const DEVICE_PUSH_PATH = `${API_BASE}/api/DeviceData/Push`;

export const INGEST_MESSAGES = {
  missingHeaders: '缺少设备签名信息（X-Device-Code、X-Timestamp、X-Signature）',
  unknownDevice: '设备未登记或未设置接入密钥',
  staleTimestamp: '请求时间戳超出允许范围，请校准设备时钟',
  badSignature: '签名校验失败',
  replay: '重复的请求已被拒绝',
  badJson: '请求数据不是有效的JSON',
  badBody: (why: string) => `请求数据格式不正确：${why}`,
  received: (n: number) => `已接收${n}条数据`,
  tooMany: '设备上报过于频繁，请稍后再试',
} as const;

export type DeviceIngestOptions = {
  /** How far a request's timestamp may be from the server's clock; default 5 minutes. */
  windowMs?: number;
  /** Requests per client address and minute, per process (a site gateway may carry many devices); default 1,200. */
  perMinute?: number;
};

class RateLimited extends Error {
  readonly statusCode = 429;
}

/** Most readings in one request. */
const MAX_READINGS = 100;
const BODY_LIMIT = 64 * 1024;

class BodyError extends Error {}

type Parsed = Array<{ at: Date; values: Record<string, number | string>; event?: DeviceEvent }>;

/** Largest snapshot a camera may send inline (base64 in `event.image`; the body is at most 64 KiB). */
const MAX_SNAPSHOT_BYTES = 46 * 1024;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

/** A snapshot sent as base64 (optionally a `data:image/…;base64,` address): PNG or JPEG by its first bytes. */
function snapshotOf(value: unknown, where: string): DeviceEvent['image'] {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new BodyError(`${where}event.image 应为base64编码的图片`);
  const text = value.replace(/^data:image\/(?:png|jpeg|jpg);base64,/, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) throw new BodyError(`${where}event.image 应为base64编码的图片`);
  const data = Buffer.from(text, 'base64');
  if (data.length > MAX_SNAPSHOT_BYTES) throw new BodyError(`${where}event.image 不能超过46KB`);
  const starts = (magic: readonly number[]) => magic.every((b, i) => data[i] === b);
  if (starts(PNG_MAGIC)) return { data, contentType: 'image/png', extension: 'png' };
  if (starts(JPEG_MAGIC)) return { data, contentType: 'image/jpeg', extension: 'jpg' };
  throw new BodyError(`${where}event.image 只支持png、jpg格式图片`);
}

/** An AI camera's `event: { type, message? }`; only video devices send events. */
function eventOf(value: unknown, device: KnownDevice, tables: DeviceTables, where: string): DeviceEvent | undefined {
  if (value === undefined) return undefined;
  if (device.kind !== 'video') throw new BodyError(`${where}该设备不支持上报AI事件`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new BodyError(`${where}event 应为JSON对象`);
  const { type, message, image, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) throw new BodyError(`${where}event 未知字段 ${Object.keys(rest)[0].slice(0, 30)}`);
  const label = typeof type === 'string' ? tables.aiEvents.get(type) : undefined;
  if (!label) throw new BodyError(`${where}event.type 不是已知的AI事件类型`);
  if (message !== undefined && (typeof message !== 'string' || message.length > 100)) throw new BodyError(`${where}event.message 应为不超过100个字的文本`);
  return { type: type as string, label, message: message as string | undefined, image: snapshotOf(image, where) };
}

function readingTime(value: unknown, now: number, windowMs: number): Date {
  if (value === undefined || value === null) return new Date(now);
  const at = typeof value === 'number' ? new Date(value) : typeof value === 'string' ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) throw new BodyError('time 不是有效的时间');
  if (at.getTime() > now + windowMs || at.getTime() < now - 86_400_000) throw new BodyError('time 超出允许范围（最近24小时内）');
  return at;
}

/** The readings of a body for a device: `{ time?, data: {…} }` or `{ readings: [{ time?, data }] }`. */
export function parseReadings(body: unknown, device: KnownDevice, tables: DeviceTables, now: number, windowMs: number): Parsed {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new BodyError('应为JSON对象');
  const b = body as Record<string, unknown>;
  const items = b.readings !== undefined ? b.readings : [b];
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_READINGS) throw new BodyError(`readings 应为1至${MAX_READINGS}条的数组`);
  const kind = READING_KIND_OF[device.kind];
  const fields: ReadonlyMap<string, ReadingField> = kind ? tables.readings[kind].columns : new Map();
  return items.map((item: unknown, i) => {
    const where = items === b.readings ? `第${i + 1}条` : '';
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new BodyError(`${where}应为JSON对象`);
    const { time, data, event, ...rest } = item as Record<string, unknown>;
    const extra = Object.keys(rest);
    if (extra.length > 0) throw new BodyError(`${where}未知字段 ${extra[0].slice(0, 30)}`);
    if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new BodyError(`${where}data 应为JSON对象`);
    const values: Record<string, number | string> = {};
    for (const [name, value] of Object.entries(data)) {
      const field = fields.get(name);
      if (!field) throw new BodyError(`${where}该设备不支持监测项 ${name.slice(0, 30)}`);
      if (field.kind === 'text') {
        if (typeof value !== 'string' || value.trim() === '') throw new BodyError(`${where}监测项 ${name} 应为文本`);
        if (field.codes && !field.codes.has(value)) throw new BodyError(`${where}监测项 ${name} 不是有效的代码`);
        if (field.maxLength !== undefined && value.length > field.maxLength) throw new BodyError(`${where}监测项 ${name} 超出长度`);
        if (field.pattern && !field.pattern.test(value)) throw new BodyError(`${where}监测项 ${name} 格式不正确`);
        values[name] = value;
        continue;
      }
      if (typeof value !== 'number') throw new BodyError(`${where}监测项 ${name} 应为数字`);
      // Outside the field's physical range, or not finite (JSON's 1e400 parses as Infinity): the whole request is refused.
      if (!plausible(field, value)) throw new BodyError(`${where}${rangeText(name, field)}`);
      if (field.integer && !Number.isInteger(value)) throw new BodyError(`${where}监测项 ${name} 应为整数`);
      values[name] = value;
    }
    if (kind && Object.keys(values).length === 0) throw new BodyError(`${where}data 没有监测项`);
    for (const [name, field] of fields) if (field.kind === 'text' && field.required && values[name] === undefined) throw new BodyError(`${where}缺少监测项 ${name}`);
    return { at: readingTime(time, now, windowMs), values, event: eventOf(event, device, tables, where) };
  });
}

export async function deviceIngestRoutes(
  app: FastifyInstance,
  { db, ingest, tables, options }: { db: Kysely<Database>; ingest: Ingest; tables: DeviceTables; options?: DeviceIngestOptions },
): Promise<void> {
  const windowMs = options?.windowMs ?? 300_000;
  let prunedAt = 0;
  // Per address, before any database work: an unknown device costs a lookup (429 in Chinese when passed).
  await app.register(rateLimit, { global: false, store: SnapshotStore, errorResponseBuilder: () => new RateLimited(INGEST_MESSAGES.tooMany) });
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof RateLimited) return reply.code(429).send(fail(error.message, 429));
    throw error;
  });
  // The signature covers the exact bytes: this context keeps the body as text and parses it after the check.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    try {
      const text = strictUtf8(body as Buffer);
      done(null, text);
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  const refuse = (reply: FastifyReply, code: number, message: string) => reply.code(code).send(fail(message, code));

  const rate = { max: options?.perMinute ?? 1200, timeWindow: 60_000 };
  app.post(DEVICE_PUSH_PATH, { config: { public: true, writes: true, rateLimit: rate }, bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const header = (name: string): string => {
      const v = request.headers[name];
      return typeof v === 'string' ? v.trim() : '';
    };
    const code = header('x-device-code');
    const timestamp = header('x-timestamp');
    const signature = header('x-signature');
    if (!code || !timestamp || !signature || code.length > 50) return refuse(reply, 401, INGEST_MESSAGES.missingHeaders);
    const now = Date.now();
    if (!/^\d{13}$/.test(timestamp) || Math.abs(Number(timestamp) - now) > windowMs) return refuse(reply, 401, INGEST_MESSAGES.staleTimestamp);
    const device = /^[A-Za-z0-9_-]+$/.test(code) ? await ingest.device(code) : null;
    if (!device || !device.ingestKey) return refuse(reply, 401, INGEST_MESSAGES.unknownDevice);
    const raw = typeof request.body === 'string' ? request.body : '';
    if (!signatureMatches(device.ingestKey, timestamp, raw, signature)) return refuse(reply, 401, INGEST_MESSAGES.badSignature);

    let readings: Parsed;
    try {
      if (jsonDepthExceeds(raw, 8)) throw new BodyError('嵌套层级过深');
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return refuse(reply, 400, INGEST_MESSAGES.badJson);
      }
      readings = parseReadings(body, device, tables, now, windowMs);
    } catch (error) {
      if (error instanceof BodyError) return refuse(reply, 400, INGEST_MESSAGES.badBody(error.message));
      throw error;
    }

    const fresh = await sql`insert into device_ingest_replay (device_code, signature) values (${device.code}, ${signature.toLowerCase()})
      on conflict do nothing`.execute(db);
    if (Number(fresh.numAffectedRows ?? 0) === 0) return refuse(reply, 409, INGEST_MESSAGES.replay);
    try {
      await Promise.all(readings.map((r) => ingest.submit({ device, at: r.at, values: r.values, event: r.event })));
    } catch (error) {
      // Not stored: the same request may be sent again.
      await sql`delete from device_ingest_replay where device_code = ${device.code} and signature = ${signature.toLowerCase()}`.execute(db);
      throw error;
    }
    if (now - prunedAt > 60_000) {
      prunedAt = now;
      await sql`delete from device_ingest_replay where seen_at < ${new Date(now - 2 * windowMs).toISOString()}::timestamptz`.execute(db);
    }
    return ok({ received: readings.length }, INGEST_MESSAGES.received(readings.length));
  });
}
