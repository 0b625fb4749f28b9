// A government platform's receiver for the push tests (docs/push.md "Contract"): a real HTTP server on
// 127.0.0.1 and a random port that checks each request's signature with the AppSecret of its AppKey, refuses
// replayed nonces and stale timestamps, decrypts the AES ID number, keeps each idempotency key once, and
// fails now and then when told to (every n-th request 500, one request stored but answered too late).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { aesDecrypt, PUSH_HEADERS, verifyPush } from '../../server/push/signing';

export type Received = { key: string; path: string; body: Record<string, unknown>; idCardNo?: string };

export type ReceiverOptions = {
  /** AppKey → AppSecret of the configurations this platform knows. */
  secrets: Record<string, string>;
  /** Every n-th request (counted over all) answers 500 before storing anything. */
  failEvery?: number;
  /** These request numbers (1-based) are stored, then answered only after `hangMs` (the sender has given up). */
  hangOn?: readonly number[];
  hangMs?: number;
};

export type Receiver = {
  url: string;
  /** Accepted items by idempotency key: each key once. */
  accepted: Map<string, Received>;
  /** How often each key was sent (duplicates included), and every answer's HTTP status in order. */
  sent: Map<string, number>;
  statuses: number[];
  refused: Array<{ status: number; reason: string }>;
  requests: () => number;
  /** While down every request answers 503. */
  setDown(down: boolean): void;
  /** Every n-th request answers 500 (0: never). */
  setFailEvery(n: number): void;
  /** While holding, a request is stored and never answered (the sender is cut off mid-delivery). */
  setHold(hold: boolean): void;
  close(): Promise<void>;
};

export async function startReceiver(o: ReceiverOptions, port = 0): Promise<Receiver> {
  const accepted = new Map<string, Received>();
  const sent = new Map<string, number>();
  const statuses: number[] = [];
  const refused: Array<{ status: number; reason: string }> = [];
  const nonces = new Set<string>();
  let n = 0;
  let down = false;
  let hold = false;
  let failEvery = o.failEvery ?? 0;
  const hanging = new Set<ServerResponse>();

  const answer = (res: ServerResponse, status: number, body: Record<string, unknown>) => {
    statuses.push(status);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, status: number, reason: string) => {
    refused.push({ status, reason });
    answer(res, status, { code: status, message: reason });
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    n += 1;
    const number = n;
    if (down) return refuse(res, 503, '平台维护中');
    if (req.method !== 'POST') return refuse(res, 405, '只接受POST');
    const h = (name: string) => String(req.headers[name] ?? '');
    const appKey = h(PUSH_HEADERS.appKey);
    const secret = o.secrets[appKey];
    if (!secret) return refuse(res, 401, 'AppKey无效');
    const timestamp = h(PUSH_HEADERS.timestamp);
    if (!/^[0-9]{13}$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp)) > 300_000) return refuse(res, 401, '时间戳无效');
    const nonce = h(PUSH_HEADERS.nonce);
    const key = h(PUSH_HEADERS.idempotencyKey);
    const ok = verifyPush(secret, { path: req.url ?? '', appKey, timestamp, nonce, idempotencyKey: key, body: raw }, h(PUSH_HEADERS.signature));
    if (!ok) return refuse(res, 401, '签名错误');
    if (!/^[0-9a-f]{32}$/.test(nonce) || nonces.has(nonce)) return refuse(res, 401, 'nonce重复');
    nonces.add(nonce);
    sent.set(key, (sent.get(key) ?? 0) + 1);
    if (failEvery > 0 && number % failEvery === 0) return refuse(res, 500, '平台内部错误');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return refuse(res, 400, '请求体不是JSON');
    }
    if (String(body.itemId) !== key) return refuse(res, 400, '幂等键与数据编号不一致');
    const data = body.data as Record<string, unknown>;
    let idCardNo: string | undefined;
    if (data.idCardNoEncrypted === true) idCardNo = aesDecrypt(secret, String(data.idCardNo));
    // The contract: an idempotency key seen before is answered success and not stored again.
    const duplicate = accepted.has(key);
    if (!duplicate) accepted.set(key, { key, path: req.url ?? '', body, idCardNo });
    const reply = () => answer(res, 200, { code: 0, message: duplicate ? '重复数据，已忽略' : '接收成功' });
    if (hold) {
      hanging.add(res);
      return;
    }
    if (o.hangOn?.includes(number)) {
      hanging.add(res);
      setTimeout(() => {
        hanging.delete(res);
        if (!res.destroyed) reply();
      }, o.hangMs ?? 2_000).unref();
      return;
    }
    reply();
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    accepted,
    sent,
    statuses,
    refused,
    requests: () => n,
    setDown: (d) => (down = d),
    setFailEvery: (k) => (failEvery = k),
    setHold: (h) => (hold = h),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
