// The push worker (docs/push.md): in the server process, every `intervalMs` it claims due outbox items,
// sends each as one signed HTTP request to its configuration's endpoint, and records every attempt as a
// push record (上传状态 1 上传成功 / 2 上传失败, §3.5). An item is marked delivered only after the receiver
// answered success, in the same transaction as its record; a delivered item is never claimed again. A
// failed item is due again after an exponential back-off. The claim is a lease (claimed_until) taken with
// FOR UPDATE SKIP LOCKED, so several processes share the outbox and an item claimed by a process that died
// (kill -9) is due again once the lease ends. A request cut off by a crash may reach the receiver twice:
// the idempotency key header (the item's id) lets the receiver keep it once — the platform contract.
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import { PUSH_CONFIG_TABLE, PUSH_DATA_TYPES, PUSH_RECORD_TABLE } from './outbox';
import { aesEncrypt, newNonce, PUSH_HEADERS, signPush } from './signing';
import { checkTargetUrl, guardedLookup, TargetRefused } from './target';

export type PushWorkerOptions = {
  /** Time between polls of the outbox; default 5,000 ms. */
  intervalMs?: number;
  /** Items claimed per poll; default 50 (a full batch polls again at once). */
  batch?: number;
  /** One request's time limit; default 10,000 ms. */
  timeoutMs?: number;
  /** How long a claim lasts; default 3 × timeoutMs (longer than any request). */
  leaseMs?: number;
  /** First retry delay, doubled per failed attempt; default 30,000 ms. */
  backoffMs?: number;
  /** Longest retry delay; default 1 h. Items are retried until delivered. */
  maxBackoffMs?: number;
};

type Claimed = {
  id: string | number;
  config_id: string | number;
  project_id: string | number;
  data_type: string;
  payload: Record<string, unknown> | string;
  attempts: number;
};

type Config = {
  id: string | number;
  company_id: string | number | null;
  platform: string;
  platform_project_code: string | null;
  endpoint_url: string;
  app_key: string;
  app_secret: string | null;
  encrypt_id_number: boolean | null;
  enabled: boolean;
  if_del: number;
};

export type AttemptResult = { ok: boolean; message: string };

/** How much of a platform's answer is read. */
const MAX_ANSWER_BYTES = 4096;

/** The JSON body sent for an item (docs/push.md "Request"). */
export function pushBody(item: { id: string; dataType: string; payload: Record<string, unknown> }, config: Config): Record<string, unknown> {
  const data = { ...item.payload };
  if (item.dataType === PUSH_DATA_TYPES.attendance && config.encrypt_id_number !== false && typeof data.idCardNo === 'string' && data.idCardNo !== '') {
    data.idCardNo = aesEncrypt(config.app_secret ?? '', data.idCardNo);
    data.idCardNoEncrypted = true;
  }
  return { appKey: config.app_key, projectCode: config.platform_project_code, dataType: item.dataType, itemId: item.id, data };
}

export class PushWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private readonly controllers = new Set<AbortController>();
  /** Who holds a claim: this process's worker. */
  readonly owner = `w-${process.pid}-${randomBytes(4).toString('hex')}`;
  readonly o: Required<PushWorkerOptions>;
  readonly stats = { attempts: 0, delivered: 0, failed: 0 };

  constructor(
    private readonly db: Kysely<Database>,
    options: PushWorkerOptions = {},
    private readonly log?: FastifyBaseLogger,
  ) {
    const timeoutMs = options.timeoutMs ?? 10_000;
    this.o = {
      intervalMs: options.intervalMs ?? 5_000,
      batch: options.batch ?? 50,
      timeoutMs,
      leaseMs: options.leaseMs ?? 3 * timeoutMs,
      backoffMs: options.backoffMs ?? 30_000,
      maxBackoffMs: options.maxBackoffMs ?? 3_600_000,
    };
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.tick().then(
        (n) => this.schedule(n >= this.o.batch ? 0 : this.o.intervalMs),
        (err: unknown) => {
          this.log?.warn({ err }, 'push worker: poll failed');
          this.schedule(this.o.intervalMs);
        },
      );
    }, ms);
  }

  /** Stops polling, aborts requests in flight (their items stay undelivered) and waits for the poll to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const c of this.controllers) c.abort();
    await this.running.catch(() => undefined);
    // Claims not yet sent are given back at once rather than at the end of their lease.
    await sql`update push_outbox set claimed_until = null where claimed_by = ${this.owner} and status = 'pending' and claimed_until is not null`
      .execute(this.db)
      .catch((err: unknown) => this.log?.warn({ err }, 'push worker: releasing claims failed'));
  }

  /** One poll: claims due items and sends them one by one; returns how many were claimed. */
  async tick(): Promise<number> {
    const claimed = await this.claim();
    if (claimed.length === 0) return 0;
    const configIds = [...new Set(claimed.map((c) => Number(c.config_id)))];
    const configs = new Map(
      (
        await sql<Config>`select c.id, p.company_id, c.platform, c.platform_project_code, c.endpoint_url, c.app_key, c.app_secret,
            c.encrypt_id_number, c.enabled, c.if_del
          from ${sql.id(PUSH_CONFIG_TABLE)} c left join projects p on p.id = c.project_id
          where c.id in (${sql.join(configIds)})`.execute(this.db)
      ).rows.map((c) => [String(c.id), c]),
    );
    for (const item of claimed) {
      if (this.stopped) break;
      await this.deliver(item, configs.get(String(item.config_id)));
    }
    return claimed.length;
  }

  private async claim(): Promise<Claimed[]> {
    const leaseMs = Math.ceil(this.o.leaseMs);
    const rows = await sql<Claimed>`update push_outbox o
        set claimed_until = now() + ${`${leaseMs} milliseconds`}::interval, claimed_by = ${this.owner}, attempts = o.attempts + 1
      where o.id in (
        select id from push_outbox
        where status = 'pending' and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())
        order by next_attempt_at, id limit ${this.o.batch}
        for update skip locked)
      returning o.id, o.config_id, o.project_id, o.data_type, o.payload, o.attempts`.execute(this.db);
    return rows.rows.sort((a, b) => Number(a.id) - Number(b.id));
  }

  private async deliver(item: Claimed, config: Config | undefined): Promise<void> {
    const id = String(item.id);
    let result: AttemptResult;
    if (!config || config.if_del !== 0 || !config.enabled || !config.app_secret) {
      result = { ok: false, message: '推送配置已删除、已停用或未设置AppSecret' };
    } else {
      const payload = typeof item.payload === 'string' ? (JSON.parse(item.payload) as Record<string, unknown>) : item.payload;
      result = await this.send(id, item.data_type, payload, config);
    }
    this.stats.attempts += 1;
    const delayMs = Math.min(this.o.maxBackoffMs, this.o.backoffMs * 2 ** Math.min(30, Math.max(0, item.attempts - 1)));
    const message = result.message.slice(0, 500);
    await this.db.transaction().execute(async (trx) => {
      // Only while this worker still holds the claim of a pending item (never a delivered one twice).
      const updated = result.ok
        ? await sql`update push_outbox set status = 'delivered', delivered_at = now(), claimed_until = null, last_error = null
            where id = ${id} and status = 'pending' and claimed_by = ${this.owner}`.execute(trx)
        : await sql`update push_outbox set claimed_until = null, last_error = ${message},
            next_attempt_at = now() + ${`${Math.ceil(delayMs)} milliseconds`}::interval
            where id = ${id} and status = 'pending' and claimed_by = ${this.owner}`.execute(trx);
      if (Number(updated.numAffectedRows ?? 0) === 0) return;
      await sql`insert into ${sql.id(PUSH_RECORD_TABLE)}
          (company_id, project_id, config_id, platform, data_type, push_time, record_count, upload_status, message, outbox_id, attempt, re_push)
        values (${config?.company_id ?? null}, ${Number(item.project_id)}, ${String(item.config_id)}, ${config?.platform ?? ''}, ${item.data_type},
          now(), 1, ${result.ok ? '1' : '2'}, ${message}, ${id}, ${item.attempts}, '0')`.execute(trx);
    });
    if (result.ok) this.stats.delivered += 1;
    else this.stats.failed += 1;
  }

  /**
   * One signed request; ok only on HTTP 2xx with a JSON body whose code is 0. The record (which the tenant
   * reads) gets a status and a short Chinese reason, never the platform's body: that goes to the log.
   */
  private async send(id: string, dataType: string, payload: Record<string, unknown>, config: Config): Promise<AttemptResult> {
    let target: { url: URL; exact: boolean };
    try {
      target = checkTargetUrl(config.endpoint_url);
    } catch (error) {
      if (error instanceof TargetRefused) return { ok: false, message: error.message };
      throw error;
    }
    const { url } = target;
    const body = JSON.stringify(pushBody({ id, dataType, payload }, config));
    const timestamp = String(Date.now());
    const nonce = newNonce();
    const signature = signPush(config.app_secret ?? '', { path: url.pathname + url.search, appKey: config.app_key, timestamp, nonce, idempotencyKey: id, body });
    const controller = new AbortController();
    this.controllers.add(controller);
    const timer = setTimeout(() => controller.abort(), this.o.timeoutMs);
    try {
      const response = await postGuarded(url, target.exact, body, controller.signal, {
        [PUSH_HEADERS.appKey]: config.app_key,
        [PUSH_HEADERS.timestamp]: timestamp,
        [PUSH_HEADERS.nonce]: nonce,
        [PUSH_HEADERS.signature]: signature,
        [PUSH_HEADERS.idempotencyKey]: id,
      });
      let answer: { code?: unknown } | null = null;
      try {
        answer = JSON.parse(response.text) as { code?: unknown };
      } catch {
        answer = null;
      }
      const ok = response.status >= 200 && response.status < 300 && answer !== null && Number(answer.code) === 0;
      if (!ok) this.log?.warn({ item: id, config: String(config.id), status: response.status, body: response.text.slice(0, 500) }, 'push: the platform refused an item');
      return ok ? { ok: true, message: '上传成功' } : { ok: false, message: refusalReason(response.status, answer) };
    } catch (error) {
      if (controller.signal.aborted) return { ok: false, message: this.stopped ? '服务停止，推送中断' : `请求超时（${this.o.timeoutMs}毫秒）` };
      if (error instanceof TargetRefused) return { ok: false, message: error.message };
      const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
      this.log?.warn({ item: id, config: String(config.id), err: error }, 'push: request failed');
      return { ok: false, message: code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? '网络错误：接口地址的域名无法解析' : '网络错误：无法连接推送平台' };
    } finally {
      clearTimeout(timer);
      this.controllers.delete(controller);
    }
  }
}

/** The short reason a tenant reads for a platform's refusal: the status and at most a numeric 返回码. */
export function refusalReason(status: number, answer: { code?: unknown } | null): string {
  if (status >= 300 && status < 400) return `平台返回重定向，未跟随（HTTP ${status}）`;
  if (status === 401 || status === 403) return `平台拒绝：签名或密钥错误（HTTP ${status}）`;
  if (status >= 400 && status < 500) return `平台拒绝接收（HTTP ${status}）`;
  if (status >= 500) return `平台服务异常（HTTP ${status}）`;
  const code = answer?.code;
  if (answer === null) return `平台应答格式不正确（HTTP ${status}）`;
  return /^-?\d{1,9}$/.test(String(code)) ? `平台未确认接收（返回码 ${String(code)}）` : `平台未确认接收（HTTP ${status}）`;
}

/** POST over node:http(s) to a checked target: its name resolved and checked as it connects, no redirect followed. */
function postGuarded(url: URL, exact: boolean, body: string, signal: AbortSignal, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), ...headers },
        lookup: guardedLookup(exact),
        signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          // Only the start of an answer matters (its code); a platform sending megabytes is not read to the end.
          if (size < MAX_ANSWER_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8').slice(0, MAX_ANSWER_BYTES) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
