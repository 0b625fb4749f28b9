// The equipment record viewer's filled records (§2.8, docs/devices.md "Record viewer"): the five kinds'
// §7.7 GetRecordByDeviceID as the viewer calls it — newest 记录时间 first, paged, each record with its
// answers — and scope on the server: another company's device records never appear, whatever id is sent;
// the 整改单 a 不合格 answer opens on the server is in 操作日志.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import { call, session, startApp } from './helpers';

type Row = Record<string, unknown>;
const BASES = ['RoutInspRecord', 'RoutInspMachinery', 'RoutInspSwitchBox', 'RoutInspRepair', 'RoutInspMaintain'];

let app: FastifyInstance;
const tokens: Record<string, string> = {};

/** The viewer's call: one page of a kind's records of one 巡检设备, newest first. */
const byDevice = async (base: string, deviceID: string, token: string, index = 0, size = 10) =>
  (await call<Row[]>(app, 'GET', `${API_BASE}/api/${base}/GetRecordByDeviceID`, { token, query: { deviceID, index, size, sort: 'recordTime:desc' } })).body;

/** The seeded 巡检设备 id of a device number, as the given user sees it (none: undefined). */
async function deviceId(deviceNo: string, token: string): Promise<string | undefined> {
  const reply = (await call<Row[]>(app, 'GET', `${API_BASE}/api/RoutInspManage/GetDeviceNumberDetail`, { token, query: { deviceNo } })).body;
  return reply.data?.[0] ? String(reply.data[0].id) : undefined;
}

beforeAll(async () => {
  app = await startApp();
  for (const user of ['qiye01', 'xiangmu01', 'xiangmu02', 'jiaobanzhan01']) tokens[user] = (await session(app, user)).token;
});
afterAll(async () => {
  await app?.close();
});

describe('filled records of one device', () => {
  it('answers a crane’s records of every kind it has, newest first, with the answers per question', async () => {
    const id = (await deviceId('TC-TCH-01', tokens.qiye01))!;
    expect(id).toBeTruthy();
    let kinds = 0;
    for (const base of BASES) {
      const reply = await byDevice(base, id, tokens.qiye01);
      expect(reply.status, `${base} ${reply.detail}`).toBe(1);
      const rows = reply.data!;
      if (rows.length === 0) continue;
      kinds++;
      expect(reply.pageInfo?.record_count).toBe(rows.length);
      const times = rows.map((r) => Date.parse(String(r.recordTime).replace(' ', 'T')));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      for (const r of rows) {
        expect(String(r.deviceId)).toBe(id);
        expect(r.deviceNo).toBe('TC-TCH-01');
        expect(['1', '2']).toContain(String(r.result));
        expect(String(r.inspector)).not.toBe('');
        const answers = (typeof r.answers === 'string' ? JSON.parse(r.answers) : r.answers) as Array<{ question: string; answer: string }>;
        expect(answers.length).toBeGreaterThan(0);
        for (const a of answers) expect(a.question).not.toBe('');
        expect(answers.some((a) => a.answer === '不合格')).toBe(String(r.result) === '2');
      }
    }
    expect(kinds).toBeGreaterThanOrEqual(3); // 巡检, 运行, 维修, 保养 are seeded for it
    const second = await byDevice('RoutInspRecord', id, tokens.qiye01, 1, 2);
    const first = await byDevice('RoutInspRecord', id, tokens.qiye01, 0, 2);
    expect(second.data!.map((r) => r.id)).not.toEqual(first.data!.map((r) => r.id));
    expect(String(first.data![1].recordTime) >= String(second.data![0].recordTime)).toBe(true);
  });
});

describe('scope', () => {
  it('never shows another company’s device records, whatever device id is sent', async () => {
    // A record on the road company's switch box (seeded 巡检设备 17, project NJJG-2024-002), filled by the group.
    const roadBox = '17';
    const template = await call<{ questions: Array<{ typeName: string; question: string; options: string[] }> }>(app, 'GET', `${API_BASE}/api/DeviceRecord/GetRecordTemplate`, {
      token: tokens.qiye01, query: { deviceId: roadBox, entity: 'InspRecord' },
    });
    expect(template.body.status, template.body.detail).toBe(1);
    const answers = template.body.data!.questions.map((q, i) => ({ typeName: q.typeName, question: q.question, answer: i === 0 ? '不合格' : '合格', ...(i === 0 ? { remark: '漏保未测试' } : {}) }));
    const box = (await call<Row[]>(app, 'GET', `${API_BASE}/api/RoutInspManage/GetDeviceDetail`, { token: tokens.qiye01, query: { rec_id: roadBox } })).body.data as unknown as Row;
    expect(box.deviceNo).toBe('PD-HYD-Z01');
    const created = await call<Row>(app, 'POST', `${API_BASE}/api/RoutInspRecord/CreateModel`, {
      token: tokens.qiye01, body: { deviceId: roadBox, projectId: box.projectId, answers, inspector: '陈刚', recordTime: new Date().toISOString().slice(0, 10) + ' 09:30:00' },
    });
    expect(created.body.status, created.body.detail).toBe(1);
    const recordId = String(created.body.data!.id);
    const group = await byDevice('RoutInspRecord', roadBox, tokens.qiye01);
    expect(group.data!.map((r) => String(r.id))).toContain(recordId);

    // The 整改单 the server opened for the 不合格 answer is in 操作日志 like a user's write, under the inspector's session.
    const rectify = (await call<Row[]>(app, 'GET', `${API_BASE}/api/RoutInspRectify/WherePageList`, {
      token: tokens.qiye01, query: { index: 0, size: 5, filters: JSON.stringify([{ field: 'recordId', operator: 'eq', value: recordId }, { field: 'recordKind', operator: 'eq', value: 'inspection' }]) },
    })).body.data!;
    expect(rectify).toHaveLength(1);
    const audit = await call<Row[]>(app, 'GET', `${API_BASE}/api/AuditLog/WherePageList`, {
      token: tokens.qiye01, query: { index: 0, size: 5, filters: JSON.stringify([{ field: 'entity', operator: 'eq', value: 'DeviceRectification' }, { field: 'recordId', operator: 'eq', value: String(rectify[0].id) }]) },
    });
    expect(audit.body.status, audit.body.detail).toBe(1);
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.data![0]).toMatchObject({ action: 'create', entityTitle: '设备整改', userName: expect.stringContaining('qiye01') });
    expect(String(audit.body.data![0].summary)).toContain('漏保未测试');

    // The building company's project manager holds the record pages, but not the road company's project.
    const build = tokens.xiangmu01;
    const own = await byDevice('RoutInspRecord', '1', build);
    expect(own.status, own.detail).toBe(1);
    expect(own.data!.length).toBeGreaterThan(0);
    for (const base of BASES) {
      const reply = await byDevice(base, roadBox, build);
      if (reply.status === 1) expect(reply.data, base).toEqual([]);
      else expect(reply.code, base).toBe(402);
    }
    const detail = await call<Row>(app, 'GET', `${API_BASE}/api/RoutInspRecord/GetDetail`, { token: build, query: { rec_id: recordId } });
    expect(detail.body.status).toBe(0);
    expect(detail.body.detail).toBe('记录不存在或无权访问');
    const byTime = await call<Row[]>(app, 'GET', `${API_BASE}/api/RoutInspRecord/GetModelByTime`, { token: build, query: { startTime: '2000-01-01', endTime: '2100-01-01' } });
    expect(byTime.body.status).toBe(1);
    expect(byTime.body.data!.map((r) => String(r.id))).not.toContain(recordId);
    const list = await call<Row[]>(app, 'GET', `${API_BASE}/api/RoutInspRecord/WherePageList`, { token: build, query: { index: 0, size: 200, keyword: 'PD-HYD-Z01' } });
    expect(list.body.data ?? []).toEqual([]);

    // Project members of other companies without the record pages are refused, not answered.
    for (const user of ['xiangmu02', 'jiaobanzhan01']) {
      for (const base of BASES) {
        const reply = await byDevice(base, '1', tokens[user]);
        if (reply.status === 1) expect(reply.data, `${user} ${base}`).toEqual([]);
        else expect(reply.code, `${user} ${base}`).toBe(402);
      }
    }
  });
});
