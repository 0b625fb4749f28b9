// Government data push (docs/push.md) as the server runs it: attendance written through the engine and dust
// readings through device ingestion join the outbox in their own transaction; the worker sends signed
// requests to a real receiver on 127.0.0.1 that checks signatures, decrypts the AES ID number and fails now
// and then; every item arrives once, every attempt is a push record (2 上传失败 … then 1 上传成功), failures
// back off exponentially, and 重新推送 makes a failed item due at once (and is refused for a delivered one).
import { lookup } from 'node:dns/promises';
import { createServer, type Server } from 'node:http';
import { hostname } from 'node:os';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import type { Database } from '../../server/db/schema';
import { PUSH_HEADERS, signPush } from '../../server/push/signing';
import { isInternalAddress, TARGET_MESSAGES } from '../../server/push/target';
import { syncAttendance } from '../../server/screens/simulator-site';
import { screenTables } from '../../server/screens/tables';
import { call, session, startApp } from './helpers';
import { catalog, endpoint, multipart, postMultipart, projectId } from './engine-support';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
import { startReceiver, type Receiver } from './push-support';

const KEY_A = 'LabourApp2026';
const SECRET_A = 'labour-secret-0123456789abcdef';
const KEY_D = 'DustApp2026';
const SECRET_D = 'dust-secret-0123456789abcdef!!';
const KEY_X = 'WrongSecretApp';
const BACKOFF_MS = 60_000;
const REPUSH = `${API_BASE}/api/PushRecord/RePush`;

let app: FastifyInstance;
let db: Kysely<Database>;
let receiver: Receiver;
let admin: string;
let viewer: string;
/** Attendance comes from devices (the page has no 新增): through the engine only the all-powerful administrator writes it. */
let sysadmin: string;
let project: string;

type Row = Record<string, unknown>;
const rows = async <T = Row>(q: ReturnType<typeof sql<T>>): Promise<T[]> => (await q.execute(db)).rows;

beforeAll(async () => {
  // Request 3, 6, 9… answer 500; request 2 is stored and answered after the sender has given up.
  receiver = await startReceiver({ secrets: { [KEY_A]: SECRET_A, [KEY_D]: SECRET_D, [KEY_X]: 'the-platform-knows-another-secret' }, failEvery: 3, hangOn: [2], hangMs: 1_500 });
  // The receiver is on 127.0.0.1: only the operator's allow-list admits an internal target (docs/push.md "Targets").
  process.env.PUSH_ALLOWED_TARGETS = new URL(receiver.url).host;
  app = await startApp({
    // Driven by tick() below: the timer's first poll finds nothing, the next is an hour away.
    push: { intervalMs: 3_600_000, timeoutMs: 500, backoffMs: BACKOFF_MS },
    routes: [
      async (_api, o) => {
        db = o.ctx.db;
      },
    ],
  });
  admin = (await session(app, 'qiye01')).token;
  viewer = (await session(app, 'qiye02')).token;
  sysadmin = (await session(app, 'sysadmin')).token;
  project = await projectId(app, admin, 'NJJG-2024-001');
}, 120_000);

afterAll(async () => {
  delete process.env.PUSH_ALLOWED_TARGETS;
  await app?.close();
  await receiver?.close();
});

async function addConfig(name: string, dataType: string, path: string, appKey: string, secret: string): Promise<string> {
  const reply = await call<Row>(app, 'POST', endpoint('PushConfig', 'create'), {
    token: admin,
    body: {
      config_name: name, project_id: project, platform: dataType === '2' ? '3' : '4', data_type: dataType, platform_project_code: 'SC511002240012',
      endpoint_url: `${receiver.url}${path}`, app_key: appKey, app_secret: secret, encrypt_id_number: true, enabled: true, interval_minutes: 1,
    },
  });
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  return String(reply.body.data!.id);
}

const workersOf = () =>
  rows<{ id: string; worker_name: string; id_card_no: string }>(sql`select id::text as id, worker_name, id_card_no from worker
    where project_id = ${project} and if_del = 0 order by id limit 6`);

async function addAttendance(w: { id: string; worker_name: string }, day: string): Promise<string> {
  const reply = await call<Row>(app, 'POST', endpoint('AttendanceRecord', 'create'), {
    token: sysadmin,
    body: { project_id: project, worker_id: Number(w.id), worker_name: w.worker_name, work_date: day, in_time: `${day} 07:58:00` },
  });
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  return String(reply.body.data!.id);
}

const pending = async () => Number((await rows<{ n: string }>(sql`select count(*)::text as n from push_outbox where status = 'pending'`))[0].n);

/** Ticks until nothing is pending, checking each failed item's back-off and then making it due (no waiting). */
async function drain(maxTicks = 40): Promise<void> {
  for (let i = 0; i < maxTicks && (await pending()) > 0; i++) {
    await app.push!.tick();
    const waiting = await rows<{ attempts: number; delay: string }>(sql`select attempts,
        extract(epoch from (next_attempt_at - now()))::text as delay from push_outbox where status = 'pending' and last_error is not null`);
    for (const w of waiting) {
      const expected = (BACKOFF_MS / 1000) * 2 ** (w.attempts - 1);
      expect(Number(w.delay)).toBeGreaterThan(expected - 30);
      expect(Number(w.delay)).toBeLessThanOrEqual(expected);
    }
    await sql`update push_outbox set next_attempt_at = now() where status = 'pending'`.execute(db);
  }
  expect(await pending()).toBe(0);
}

describe('government data push', () => {
  it('queues attendance and dust readings with their rows and delivers each item exactly once through failures', async () => {
    const labour = await addConfig('测试-考勤推送', '2', '/api/attendance/upload', KEY_A, SECRET_A);
    const dust = await addConfig('测试-扬尘推送', '3', '/dust/upload?ver=2', KEY_D, SECRET_D);
    const workers = await workersOf();
    expect(workers.length).toBeGreaterThanOrEqual(4);
    const attendance = [];
    for (const w of workers.slice(0, 4)) attendance.push(await addAttendance(w, '2026-11-20'));

    const [device] = await rows<{ device_code: string }>(sql`select device_code from monitor_device
      where project_id = ${project} and device_kind = 'dust' and if_del = 0 order by id limit 1`);
    const known = await app.devices.ingest.device(device.device_code);
    expect(known).not.toBeNull();
    for (const pm10 of [61, 72, 83]) await app.devices.ingest.submit({ device: known!, at: new Date(Date.UTC(2026, 10, 20, 2, pm10)), values: { pm10, pm25: pm10 / 2 } });

    const items = await rows<{ id: string; config_id: string; data_type: string; payload: Row }>(sql`select id::text as id, config_id::text as config_id, data_type, payload
      from push_outbox order by id`);
    // Only the two configurations with an AppSecret queue (the seeded ones have none).
    expect(items.map((i) => [i.config_id, i.data_type])).toEqual([...attendance.map(() => [labour, '2']), [dust, '3'], [dust, '3'], [dust, '3']]);
    expect(items.slice(0, 4).map((i) => i.payload.recordId)).toEqual(attendance);

    await drain();

    // Each item once at the receiver, under its own key; duplicates (the late answer) were sent again but kept once.
    expect([...receiver.accepted.keys()].sort()).toEqual(items.map((i) => i.id).sort());
    expect([...receiver.sent.values()].some((n) => n > 1)).toBe(true);
    expect(receiver.statuses).toContain(500);
    for (const [i, item] of items.entries()) {
      const got = receiver.accepted.get(item.id)!;
      expect(got.body).toMatchObject({ appKey: item.data_type === '2' ? KEY_A : KEY_D, dataType: item.data_type, itemId: item.id });
      if (item.data_type === '2') {
        expect(got.path).toBe('/api/attendance/upload');
        // The ID number travels AES-encrypted and decrypts to the worker's.
        expect(got.idCardNo).toBe(workers[i].id_card_no);
        expect((got.body.data as Row).idCardNo).not.toContain(workers[i].id_card_no);
      } else {
        expect(got.path).toBe('/dust/upload?ver=2');
        expect((got.body.data as Row).deviceCode).toBe(device.device_code);
      }
    }

    // Every attempt is a record: failures (2 上传失败) first, then one 1 上传成功; numbered by attempt.
    const records = await rows<{ outbox_id: string; attempt: number; upload_status: string; message: string }>(sql`select outbox_id, attempt, upload_status, message
      from push_record where outbox_id is not null order by outbox_id::bigint, attempt`);
    for (const item of items) {
      const mine = records.filter((r) => r.outbox_id === item.id);
      expect(mine.map((r) => r.attempt)).toEqual(mine.map((_, k) => k + 1));
      expect(mine.map((r) => r.upload_status)).toEqual([...mine.slice(1).map(() => '2'), '1']);
    }
    expect(records.filter((r) => r.upload_status === '2').length).toBeGreaterThan(0);
    expect(records.some((r) => r.message.includes('请求超时'))).toBe(true);
    expect(records.some((r) => r.message.includes('HTTP 500'))).toBe(true);

    // The records page lists them with the §3.5 label.
    const listed = await call<Row[]>(app, 'GET', endpoint('PushRecord', 'list'), {
      token: admin, query: { index: 0, size: 5, filters: JSON.stringify([{ field: 'configId', operator: 'eq', value: labour }]) },
    });
    expect(listed.body.data!.length).toBeGreaterThan(0);
    expect(listed.body.data!.every((r) => r.uploadStatus === '1' || r.uploadStatus === '2')).toBe(true);
    const statusLabels = (catalog.dictionaries.get('uploadStatus') ?? []).map((o) => [o.xuHao, o.selContent]);
    expect(statusLabels).toEqual([['0', '未上传'], ['1', '上传成功'], ['2', '上传失败']]);

    // A delivered item is never sent again.
    const before = receiver.requests();
    await sql`update push_outbox set next_attempt_at = now() - interval '1 hour'`.execute(db);
    expect(await app.push!.tick()).toBe(0);
    expect(receiver.requests()).toBe(before);
  });

  it("the simulator's live attendance is queued with its rows: clock-ins, then the clock-outs again", async () => {
    const t = screenTables(catalog);
    const noon = new Date('2026-11-26T04:00:00Z');
    await syncAttendance(db, t, noon, noon);
    const itemsOf = () =>
      rows<{ record_id: string; out_time: string | null }>(sql`select o.payload->>'recordId' as record_id, o.payload->>'outTime' as out_time
        from push_outbox o join push_config c on c.id = o.config_id
        where c.app_key = ${KEY_A} and o.payload->>'workDate' = '2026-11-26' order by o.id`);
    const stored = await rows<{ id: string }>(sql`select id::text as id from attendance_record where project_id = ${project} and work_date = '2026-11-26' order by id`);
    expect(stored.length).toBeGreaterThan(0);
    const open = await itemsOf();
    expect(open.map((i) => i.record_id).sort()).toEqual(stored.map((r) => r.id).sort());
    // Most are still on site at noon (a few left early: their row is closed already).
    const onSite = open.filter((i) => i.out_time === null).length;
    expect(onSite).toBeGreaterThan(0);

    const evening = new Date('2026-11-26T15:00:00Z');
    await syncAttendance(db, t, evening, evening);
    const closed = await itemsOf();
    expect(closed.length).toBe(stored.length + onSite);
    expect(closed.filter((i) => i.out_time !== null).map((i) => i.record_id).sort()).toEqual(stored.map((r) => r.id).sort());
    // Written again, nothing changes: nothing more is queued.
    await syncAttendance(db, t, evening, evening);
    expect((await itemsOf()).length).toBe(stored.length + onSite);
    await drain();
  });

  it("a configuration's AppSecret is checked in Chinese, stored and never answered", async () => {
    const count = async () => Number((await rows<{ n: string }>(sql`select count(*)::text as n from push_config`))[0].n);
    const before = await count();
    const body = {
      config_name: '测试-密钥校验', project_id: project, platform: '3', data_type: '2', endpoint_url: `${receiver.url}/x`, app_key: 'CheckApp0001', enabled: true, interval_minutes: 1,
    };
    expect((await call(app, 'POST', endpoint('PushConfig', 'create'), { token: admin, body: { ...body, app_secret: 'short' } })).body).toMatchObject({ status: 0, detail: 'AppSecret至少16个字符' });
    expect((await call(app, 'POST', endpoint('PushConfig', 'create'), { token: admin, body: { ...body, app_secret: '含中文的密钥0123456789abcdef' } })).body).toMatchObject({ status: 0, detail: 'AppSecret只能包含字母、数字和英文符号' });
    expect(await count()).toBe(before);
    const listed = await call<Row[]>(app, 'GET', endpoint('PushConfig', 'list'), { token: admin, query: { index: 0, size: 100 } });
    const mine = listed.body.data!.find((r) => r.appKey === KEY_A)!;
    expect(mine).toBeDefined();
    expect(JSON.stringify(listed.body)).not.toContain(SECRET_A);
    const detail = await call<Row>(app, 'GET', endpoint('PushConfig', 'detail'), { token: admin, query: { rec_id: String(mine.id) } });
    expect(detail.body.status).toBe(1);
    expect(JSON.stringify(detail.body)).not.toContain(SECRET_A);
  });

  it('the receiver refuses a bad signature; a configuration with the wrong secret records 上传失败', async () => {
    const body = JSON.stringify({ itemId: '999999', data: {} });
    const headers = { [PUSH_HEADERS.appKey]: KEY_A, [PUSH_HEADERS.timestamp]: String(Date.now()), [PUSH_HEADERS.nonce]: 'ab'.repeat(16), [PUSH_HEADERS.idempotencyKey]: '999999' };
    const parts = { path: '/api/attendance/upload', appKey: KEY_A, timestamp: headers[PUSH_HEADERS.timestamp], nonce: headers[PUSH_HEADERS.nonce], idempotencyKey: '999999', body };
    for (const signature of [signPush('not-the-secret', parts), signPush(SECRET_A, { ...parts, body: '{}' }), 'x']) {
      const res = await fetch(`${receiver.url}/api/attendance/upload`, { method: 'POST', headers: { ...headers, [PUSH_HEADERS.signature]: signature }, body });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: '签名错误' });
    }
    expect(receiver.accepted.has('999999')).toBe(false);

    const wrong = await addConfig('测试-错误密钥', '2', '/api/attendance/upload', KEY_X, 'our-secret-is-not-theirs-000');
    const [w] = await workersOf();
    await addAttendance(w, '2026-11-21');
    const [item] = await rows<{ id: string }>(sql`select id::text as id from push_outbox where config_id = ${wrong}`);
    await app.push!.tick();
    const [record] = await rows<{ upload_status: string; message: string }>(sql`select upload_status, message from push_record where outbox_id = ${item.id}`);
    expect(record).toEqual({ upload_status: '2', message: '平台拒绝：签名或密钥错误（HTTP 401）' });
    expect(receiver.accepted.has(item.id)).toBe(false);
    await sql`update push_config set enabled = false where id = ${wrong}`.execute(db);
  });

  it('重新推送 makes a failed item due at once, with the edit grant only, and is refused for a delivered item', async () => {
    receiver.setDown(true);
    const [, w] = await workersOf();
    const rec = await addAttendance(w, '2026-11-22');
    const [item] = await rows<{ id: string }>(sql`select id::text as id from push_outbox where payload->>'recordId' = ${rec} and status = 'pending'`);
    await sql`update push_outbox set next_attempt_at = now() where id = ${item.id}`.execute(db);
    await app.push!.tick();
    const [failed] = await rows<{ id: string; upload_status: string; message: string }>(sql`select id::text as id, upload_status, message from push_record where outbox_id = ${item.id}`);
    expect(failed).toMatchObject({ upload_status: '2', message: '平台服务异常（HTTP 503）' });
    // Backed off: the next poll leaves it alone.
    expect(await app.push!.tick()).toBe(0);

    expect((await call(app, 'POST', REPUSH, { token: viewer, body: { rec_id: failed.id } })).body).toEqual({ status: 0, code: 402, detail: '没有权限' });
    expect((await call(app, 'POST', endpoint('PushRecord', 'update'), { token: admin, body: { rec_id: failed.id, upload_status: '1' } })).body).toEqual({ status: 0, code: 402, detail: '没有权限' });
    const moved = await call<Row>(app, 'POST', REPUSH, { token: admin, body: { rec_id: failed.id } });
    expect(moved.body.status, JSON.stringify(moved.body)).toBe(1);
    expect(moved.body.data).toMatchObject({ rePush: '1', uploadStatus: '2' });
    expect((await call(app, 'POST', REPUSH, { token: admin, body: { rec_id: failed.id } })).body).toMatchObject({ status: 0, detail: '当前状态“已重新推送”不能执行“重新推送”' });

    receiver.setDown(false);
    receiver.setFailEvery(0);
    expect(await app.push!.tick()).toBe(1);
    expect(receiver.accepted.has(item.id)).toBe(true);
    const [success] = await rows<{ id: string }>(sql`select id::text as id from push_record where outbox_id = ${item.id} and upload_status = '1'`);
    expect((await call(app, 'POST', REPUSH, { token: admin, body: { rec_id: success.id } })).body).toMatchObject({ status: 0, detail: '该数据已推送成功，无需重新推送' });
    // The refused move changed nothing.
    const [after] = await rows<{ re_push: string }>(sql`select re_push from push_record where id = ${success.id}`);
    expect(after.re_push).toBe('0');
  });
});

/** A service inside the network (an admin port, cloud metadata): it must never see a push. */
async function startInternal(): Promise<{ server: Server; url: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url?.startsWith('/go')) {
      // An allow-listed platform that redirects inside: the worker must not follow.
      res.writeHead(302, { location: `http://127.0.0.1:${(server.address() as AddressInfo).port}/internal/admin?x=1` });
      res.end();
      return;
    }
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('INTERNAL-ONLY-SECRET token=abc');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

describe('push targets (docs/push.md "Targets")', () => {
  const withTargets = async <T>(list: string, run: () => Promise<T>): Promise<T> => {
    const kept = process.env.PUSH_ALLOWED_TARGETS;
    process.env.PUSH_ALLOWED_TARGETS = list;
    try {
      return await run();
    } finally {
      process.env.PUSH_ALLOWED_TARGETS = kept;
    }
  };
  const saveConfig = (endpointUrl: string) =>
    call<Row>(app, 'POST', endpoint('PushConfig', 'create'), {
      token: admin,
      body: {
        config_name: '测试-内网地址', project_id: project, platform: '3', data_type: '2', platform_project_code: 'SC511002240012',
        endpoint_url: endpointUrl, app_key: KEY_A, app_secret: SECRET_A, encrypt_id_number: true, enabled: true, interval_minutes: 1,
      },
    });
  const configCount = async () => Number((await rows<{ n: string }>(sql`select count(*)::text as n from push_config`))[0].n);

  it('refuses loopback, private, link-local and metadata addresses when a configuration is saved, and a host off the allow-list', async () => {
    const internal = await startInternal();
    try {
      const port = new URL(internal.url).port;
      const before = await configCount();
      await withTargets('', async () => {
        for (const url of [
          `${internal.url}/internal/admin?x=1`, `http://localhost:${port}/`, 'http://10.0.0.8/api', 'http://192.168.1.10:8080/api', 'http://172.20.0.1/api',
          'http://169.254.169.254/latest/meta-data/', 'http://100.64.0.1/', `http://0x7f000001:${port}/`, `http://2130706433:${port}/`, 'http://0.0.0.0/',
        ]) {
          const reply = await saveConfig(url);
          expect(reply.body, url).toMatchObject({ status: 0, detail: TARGET_MESSAGES.internal });
        }
      });
      // With an allow-list, a public host it does not name is refused too.
      const off = await saveConfig('https://labour.example.gov.cn/api/attendance');
      expect(off.body).toMatchObject({ status: 0, detail: TARGET_MESSAGES.notAllowed });
      expect(await configCount()).toBe(before);
      expect(internal.hits).toEqual([]);
    } finally {
      internal.server.close();
    }
  });

  it('sends nothing to an internal address (literal, by DNS name, by redirect) and shows the tenant a short reason, never the remote body', async () => {
    const internal = await startInternal();
    try {
      const port = new URL(internal.url).port;
      // Configurations saved before the rule (or edited in the database): the worker checks again at each send.
      const targets = [
        { url: `${internal.url}/internal/admin?x=1`, message: TARGET_MESSAGES.internal },
        { url: `http://localhost.:${port}/internal/admin`, message: TARGET_MESSAGES.internal },
        // By DNS name: this machine's own name, when it resolves to an internal address (it does on CI's and
        // developers' machines; the resolver's own check is unit-tested with a fake resolver in push-target.test.ts).
        ...((await lookup(hostname(), { all: true }).catch(() => [])).some((a) => isInternalAddress(a.address))
          ? [{ url: `http://${hostname()}:${port}/internal/admin`, message: TARGET_MESSAGES.internal }]
          : []),
        { url: `http://[::ffff:127.0.0.1]:${port}/internal/admin`, message: TARGET_MESSAGES.internal },
        { url: 'http://169.254.169.254/latest/meta-data/iam/', message: TARGET_MESSAGES.internal },
        { url: `${internal.url}/go`, message: '平台返回重定向，未跟随（HTTP 302）', allow: new URL(internal.url).host },
      ];
      const items: string[] = [];
      for (const [i, t] of targets.entries()) {
        const config = await addConfig(`测试-目标${i}`, '2', '/api/attendance/upload', KEY_A, SECRET_A);
        await sql`update push_config set endpoint_url = ${t.url} where id = ${config}`.execute(db);
        const [item] = await rows<{ id: string }>(sql`insert into push_outbox (config_id, project_id, data_type, source_id, payload)
          values (${config}, ${project}, '2', ${`target-${i}`}, ${JSON.stringify({ workerName: '王小军', idCardNo: '511002199001013212' })}::jsonb) returning id::text as id`);
        items.push(item.id);
      }
      // Each target is sent alone, under the allow-list it is checked against (none, or the redirector only).
      for (const [i, t] of targets.entries()) {
        await sql`update push_outbox set next_attempt_at = case when id = ${items[i]} then now() else now() + interval '1 hour' end where status = 'pending'`.execute(db);
        await withTargets(t.allow ?? '', () => app.push!.tick());
        const [record] = await rows<{ upload_status: string; message: string }>(sql`select upload_status, message from push_record where outbox_id = ${items[i]}`);
        expect(record, t.url).toEqual({ upload_status: '2', message: t.message });
      }
      // The redirector was reached (it is allow-listed); the internal service behind it never was.
      expect(internal.hits).toEqual(['/go']);
      const shown = await call<Row[]>(app, 'GET', endpoint('PushRecord', 'list'), { token: admin, query: { index: 0, size: 100 } });
      expect(JSON.stringify(shown.body)).not.toContain('INTERNAL-ONLY-SECRET');
      await sql`update push_outbox set status = 'delivered' where id in (${sql.join(items)})`.execute(db);
    } finally {
      internal.server.close();
    }
  });
});

describe('push records are evidence (docs/push.md)', () => {
  it('refuses create, import, edit and delete to every account, sysadmin included, and the database refuses them too', async () => {
    const [first] = await rows<{ id: string; config_id: string; project_id: string; message: string }>(sql`select id::text as id, config_id::text as config_id,
      project_id::text as project_id, message from push_record order by id limit 1`);
    const count = async () => Number((await rows<{ n: string }>(sql`select count(*)::text as n from push_record`))[0].n);
    const before = await count();
    const body = { config_id: first.config_id, project_id: first.project_id, platform: '3', data_type: '2', push_time: '2026-11-21 09:00:00', record_count: 1, upload_status: '1' };
    for (const token of [sysadmin, admin]) {
      expect((await call(app, 'POST', endpoint('PushRecord', 'create'), { token, body })).body).toEqual({ status: 0, code: 402, detail: '没有权限' });
      expect((await call(app, 'POST', endpoint('PushRecord', 'update'), { token, body: { rec_id: first.id, message: '已伪造' } })).body).toEqual({ status: 0, code: 402, detail: '没有权限' });
      expect((await call(app, 'POST', endpoint('PushRecord', 'delete'), { token, body: { rec_id: first.id } })).body).toEqual({ status: 0, code: 402, detail: '没有权限' });
    }
    // An import of a well-formed line (the template filled in as a person would) is refused line by line.
    const template = await call(app, 'GET', `${API_BASE}/api/PushRecord/ImportTemplate`, { token: sysadmin });
    expect(template.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.raw.rawPayload as unknown as ArrayBuffer);
    const ws = book.worksheets[0];
    const [config] = await rows<{ id: string; project_name: string }>(sql`select c.id::text as id, p.name as project_name
      from push_config c join projects p on p.id = c.project_id where c.if_del = 0 and c.data_type = '2' order by c.id limit 1`);
    const cells: Record<string, string | number> = {
      推送配置: config.id, 所属项目: config.project_name, 目标平台: '四川省建筑工人管理服务信息平台', 数据类型: '考勤记录',
      推送时间: '2026-11-21 09:00:00', 数据条数: 1, 上传状态: '上传成功', 返回信息: '伪造的成功',
    };
    const header = ws.getRow(1).values as unknown[];
    ws.addRow(header.slice(1).map((h) => cells[String(h).replace(/[*＊]/g, '').trim()] ?? ''));
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const imported = await postMultipart(app, `${endpoint('PushRecord', 'import')}?mode=valid`, sysadmin, multipart({}, { name: 'push.xlsx', type: XLSX_TYPE, data }));
    expect(JSON.stringify(imported.body)).toContain('没有权限');
    expect(imported.body).toMatchObject({ data: { inserted: 0 } });
    await expect(sql`delete from push_record where id = ${first.id}`.execute(db)).rejects.toThrow(/push_record/);
    await expect(sql`update push_record set message = '已伪造' where id = ${first.id}`.execute(db)).rejects.toThrow(/push_record/);
    await expect(sql`truncate push_record`.execute(db)).rejects.toThrow(/push_record/);
    expect(await count()).toBe(before);
    expect((await rows<{ message: string }>(sql`select message from push_record where id = ${first.id}`))[0].message).toBe(first.message);
  });
});
