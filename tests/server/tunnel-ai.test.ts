// 隧道管理 and AI识别 (docs/tunnel.md, docs/ai-recognition.md): tunnel gas and ventilation readings and
// positioning readings through the signed device endpoint (text fields checked, thresholds with lower limits
// opening alarm episodes), the Tunnel screen (faces, people inside by zone, meters, a scope without tunnels),
// AI camera events with a snapshot stored as an upload, listed on the AI page, handled through its workflow
// (the event's alarm handled along), the AiRecognition screen, and the scope refusals of all of them.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../common/constants';
import type { AiRecognition } from '../../common/screens/ai-recognition';
import type { Tunnel } from '../../common/screens/tunnel';
import { DEVICE_PUSH_PATH, INGEST_MESSAGES } from '../../server/devices/http-ingest';
import { deviceHeaders } from '../../server/devices/signature';
import { typeProblem } from '../../server/engine/upload-rules';
import { screenPath } from '../../server/screens/routes';
import { demoSnapshot } from '../../server/screens/snapshots';
import { registerDevice, rows, startDeviceApp, type DeviceApp } from './device-support';
import { endpoint, projectId } from './engine-support';
import { call, session } from './helpers';

const GAS = 'TUN-TGAS-01';
const PORTAL = 'TUN-POS-01';
const FACE = 'TUN-POS-02';
const CAMERA = 'TUN-AI-01';
const KEY = 'tunnel-test-key-0001';

let d: DeviceApp;
const tokens: Record<string, string> = {};

async function push(code: string, body: unknown, app: FastifyInstance = d.app) {
  const text = JSON.stringify(body);
  const reply = await app.inject({ method: 'POST', url: DEVICE_PUSH_PATH, headers: deviceHeaders(code, KEY, text), payload: text });
  return { status: reply.statusCode, body: reply.json() as { status: number; detail: string } };
}
const screen = async <T>(name: 'Tunnel' | 'AiRecognition', token: string, pjctid1?: string) =>
  (await call<T>(d.app, 'GET', screenPath(name), { token, query: pjctid1 ? { pjctid1 } : {} })).body;

beforeAll(async () => {
  d = await startDeviceApp(false);
  for (const u of ['sysadmin', 'xiangmu01', 'xiangmu02', 'jianguan01']) tokens[u] = (await session(d.app, u)).token;
  await registerDevice(d, GAS, 'tunnelGas', { ingest_key: KEY, install_position: '测试隧道掌子面' });
  await registerDevice(d, PORTAL, 'positioning', { ingest_key: KEY, install_position: '测试隧道洞口' });
  await registerDevice(d, FACE, 'positioning', { ingest_key: KEY, install_position: '右洞掌子面' });
  await registerDevice(d, CAMERA, 'video', { ingest_key: KEY, install_position: '钢筋加工场' });
}, 60_000);
afterAll(async () => {
  await d?.app.close();
});

describe('tunnel readings through device ingestion', () => {
  it('stores gas and ventilation readings and opens alarms over the upper and under the lower limits', async () => {
    expect((await push(GAS, { data: { o2: 20.8, co: 6, ch4: 0.05, h2s: 0.3, windSpeed: 0.9, temperature: 22 } })).body).toMatchObject({ status: 1 });
    expect(await rows(d.db, 'monitor_alarm', GAS)).toHaveLength(0);
    expect((await push(GAS, { data: { o2: 20.6, co: 7, ch4: 0.8, h2s: 0.3, windSpeed: 0.05, temperature: 31 } })).body).toMatchObject({ status: 1 });
    const alarms = await rows<{ alarm_kind: string; message: string; recovered_at: unknown }>(d.db, 'monitor_alarm', GAS);
    expect(alarms.map((a) => a.alarm_kind).sort()).toEqual(['gas', 'temperature', 'wind']);
    expect(alarms.find((a) => a.alarm_kind === 'gas')!.message).toBe('甲烷 0.8% 超过阈值 0.5%');
    expect(alarms.find((a) => a.alarm_kind === 'wind')!.message).toBe('风速 0.05m/s 低于下限 0.15m/s');
    // Back within every limit: the episodes close.
    expect((await push(GAS, { data: { o2: 20.8, co: 6, ch4: 0.05, h2s: 0.3, windSpeed: 0.9, temperature: 22 } })).body.status).toBe(1);
    expect((await rows<{ recovered_at: unknown }>(d.db, 'monitor_alarm', GAS)).every((a) => a.recovered_at !== null)).toBe(true);
    expect(await rows(d.db, 'tunnel_gas_reading', GAS)).toHaveLength(3);
  });

  it('stores positioning readings with their text fields checked', async () => {
    expect((await push(PORTAL, { data: { tagCode: 'T-001', direction: 'in' } })).body).toMatchObject({ status: 1 });
    expect((await push(FACE, { data: { tagCode: 'T-001', direction: 'in' } })).body).toMatchObject({ status: 1 });
    expect((await push(PORTAL, { data: { tagCode: 'T-002', direction: 'in' } })).body).toMatchObject({ status: 1 });
    expect((await push(FACE, { data: { tagCode: 'T-003', direction: 'sideways' } })).body.detail).toBe(INGEST_MESSAGES.badBody('监测项 direction 不是有效的代码'));
    expect((await push(FACE, { data: { tagCode: 'T 003', direction: 'in' } })).body.detail).toBe(INGEST_MESSAGES.badBody('监测项 tagCode 格式不正确'));
    expect((await push(FACE, { data: { direction: 'in' } })).body.detail).toBe(INGEST_MESSAGES.badBody('缺少监测项 tagCode'));
    expect((await push(FACE, { data: { tagCode: 3, direction: 'in' } })).body.detail).toBe(INGEST_MESSAGES.badBody('监测项 tagCode 应为文本'));
    expect((await push(GAS, { data: { tagCode: 'T-1' } })).body.detail).toBe(INGEST_MESSAGES.badBody('该设备不支持监测项 tagCode'));
    expect(await rows(d.db, 'tunnel_position', FACE)).toEqual([expect.objectContaining({ tag_code: 'T-001', direction: 'in' })]);
  });
});

describe('Tunnel screen', () => {
  it('answers the faces, people inside by zone and the meters of the project', async () => {
    const t = await screen<Tunnel>('Tunnel', d.token, d.projectId);
    expect(t.status).toBe(1);
    expect(t.data!.people.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ tagCode: 'T-001', zone: '右洞掌子面' }), expect.objectContaining({ tagCode: 'T-002', zone: '测试隧道洞口' })]),
    );
    expect(t.data!.people.inside).toBe(2);
    expect(t.data!.gas.devices).toEqual([expect.objectContaining({ deviceCode: GAS, ch4: 0.05, windSpeed: 0.9 })]);
    expect(t.data!.gas.limits).toEqual(expect.arrayContaining([expect.objectContaining({ metric: 'o2', lower: 20, upper: 23.5 }), expect.objectContaining({ metric: 'windSpeed', lower: 0.15 })]));
    expect(t.data!.alarms.map((a) => a.deviceCode)).toContain(GAS);
    // Leaving at the portal: no longer inside.
    await push(PORTAL, { data: { tagCode: 'T-002', direction: 'out' } });
    expect((await screen<Tunnel>('Tunnel', d.token, d.projectId)).data!.people.inside).toBe(1);
  });

  it('answers the seeded 凤鸣山隧道 with its faces, tubes and advance', async () => {
    const pid = await projectId(d.app, tokens.sysadmin, 'NJJG-2024-012');
    const t = (await screen<Tunnel>('Tunnel', tokens.sysadmin, pid)).data!;
    expect(t.faces).toHaveLength(4);
    expect(t.tubes.map((x) => x.tunnelName)).toEqual(['凤鸣山隧道右洞', '凤鸣山隧道左洞']);
    for (const f of t.faces) {
      expect(f.excavated).toBeGreaterThan(100);
      expect(f.excavated).toBeLessThanOrEqual(f.designLength);
      expect(f.facePosition).toBe(Math.round((f.heading === 'up' ? f.startChainage + f.excavated : f.endChainage - f.excavated) * 10) / 10);
    }
    expect(t.advance.days).toHaveLength(14);
    expect(t.advance.series).toHaveLength(4);
    expect(t.summary.progress).toBeGreaterThan(0);
  });

  it('answers zeros and empty lists for a project without tunnels, and refuses a project outside the scope', async () => {
    const road = await projectId(d.app, tokens.xiangmu02, 'NJJG-2024-002');
    const none = await screen<Tunnel>('Tunnel', tokens.xiangmu02, road);
    expect(none).toMatchObject({ status: 1, data: { faces: [], tubes: [], people: { inside: 0, list: [] }, gas: { devices: [] }, summary: { faces: 0, progress: 0 } } });
    const tunnelProject = await projectId(d.app, tokens.sysadmin, 'NJJG-2024-012');
    expect(await screen('Tunnel', tokens.xiangmu02, tunnelProject)).toMatchObject({ status: 0, detail: '项目不存在或不在您的权限范围内' });
    expect(await screen('Tunnel', tokens.jianguan01, tunnelProject)).toMatchObject({ status: 0 });
  });
});

describe('AI events', () => {
  const png = demoSnapshot('helmet', 1, false);

  it('the demo snapshots are valid small PNG images', () => {
    expect(typeProblem('image', 'x.png', png)).toBeNull();
    expect(png.length).toBeLessThan(46 * 1024);
  });

  it('stores an event with its snapshot, lists it on the AI page, and handles it with the alarm', async () => {
    const reply = await push(CAMERA, { data: {}, event: { type: 'helmet', message: '钢筋加工场东侧', image: png.toString('base64') } });
    expect(reply.body).toMatchObject({ status: 1 });
    const list = await call<Array<Record<string, unknown>>>(d.app, 'GET', endpoint('AiEvent', 'list'), {
      token: d.token,
      query: { index: 0, size: 20, filters: JSON.stringify([{ field: 'deviceCode', operator: 'eq', value: CAMERA }, { field: 'eventType', operator: 'eq', value: 'helmet' }]) },
    });
    expect(list.body.data).toEqual([expect.objectContaining({ eventType: 'helmet', message: '钢筋加工场东侧', handleStatus: '0', snapshot: expect.stringMatching(/^\/prod-api\/api\/Upload\/File\/\d+$/) })]);
    const event = list.body.data![0];
    const image = await d.app.inject({ method: 'GET', url: String(event.snapshot), headers: { authorization: `Bearer ${d.token}` } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/png');
    // A user without the project sees neither the event nor its picture, and cannot handle it.
    const other = await call<unknown[]>(d.app, 'GET', endpoint('AiEvent', 'list'), { token: tokens.xiangmu02, query: { index: 0, size: 100, keyword: '钢筋加工场东侧' } });
    expect(other.body.data ?? []).toEqual([]);
    expect((await d.app.inject({ method: 'GET', url: String(event.snapshot), headers: { authorization: `Bearer ${tokens.xiangmu02}` } })).statusCode).toBe(404);
    expect((await call(d.app, 'POST', `${API_BASE}/api/AiEvent/Handle`, { token: tokens.xiangmu02, body: { rec_id: event.id, handleNote: '越权' } })).body.status).not.toBe(1);
    // 处理 needs a note, then the event and its alarm are handled.
    expect((await call(d.app, 'POST', `${API_BASE}/api/AiEvent/Handle`, { token: d.token, body: { rec_id: event.id } })).body).toMatchObject({ status: 0, detail: '请填写处理说明' });
    const handled = await call<Record<string, unknown>>(d.app, 'POST', `${API_BASE}/api/AiEvent/Handle`, { token: d.token, body: { rec_id: event.id, handleNote: '已责令佩戴安全帽' } });
    expect(handled.body).toMatchObject({ status: 1, data: { handleStatus: '2', handleNote: '已责令佩戴安全帽', handler: '李明' } });
    const alarm = (await rows<{ alarm_kind: string; handled: boolean; handle_status: string }>(d.db, 'monitor_alarm', CAMERA)).find((a) => a.alarm_kind === 'aiEvent');
    expect(alarm).toMatchObject({ handled: true, handle_status: '2' });
    expect((await call(d.app, 'POST', `${API_BASE}/api/AiEvent/Handle`, { token: d.token, body: { rec_id: event.id, handleNote: '再次' } })).body.status).toBe(0);
  });

  it('refuses a snapshot that is not a PNG or JPEG picture', async () => {
    const bad = await push(CAMERA, { data: {}, event: { type: 'fire', image: Buffer.from('GIF89a not a picture').toString('base64') } });
    expect(bad.body.detail).toBe(INGEST_MESSAGES.badBody('event.image 只支持png、jpg格式图片'));
    expect((await push(CAMERA, { data: {}, event: { type: 'fire', image: 'not base64!' } })).body.detail).toBe(INGEST_MESSAGES.badBody('event.image 应为base64编码的图片'));
  });

  it('AiRecognition answers today, the trends, the gallery and the cameras of the scope', async () => {
    await push(CAMERA, { data: {}, event: { type: 'intrusion', message: '基坑边', image: demoSnapshot('intrusion', 0, false).toString('base64') } });
    const ai = await screen<AiRecognition>('AiRecognition', d.token, d.projectId);
    expect(ai.status).toBe(1);
    const data = ai.data!;
    expect(data.byType.map((t) => t.code)).toEqual(['helmet', 'vest', 'smoking', 'fire', 'intrusion', 'climbing']);
    expect(data.byType.find((t) => t.code === 'intrusion')!.count).toBeGreaterThanOrEqual(1);
    expect(data.hourly).toHaveLength(24);
    expect(data.daily).toHaveLength(7);
    expect(data.latest[0]).toMatchObject({ deviceCode: CAMERA, type: 'intrusion', typeName: '危险区域闯入', handled: false, snapshot: expect.stringContaining('/Upload/File/') });
    expect(data.cameras).toEqual(expect.arrayContaining([expect.objectContaining({ deviceCode: CAMERA, today: 2 })]));
    // Busiest today first, then of the week; a camera's week holds its today; the cameras' weeks are the week's
    // events of ledger cameras (at most the week's total).
    const order = data.cameras.map((x) => [-x.today, -x.week]);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    for (const x of data.cameras) expect(x.week).toBeGreaterThanOrEqual(x.today);
    expect(data.cameras.reduce((n, x) => n + x.week, 0)).toBeLessThanOrEqual(data.summary.week);
    expect(data.cameras.reduce((n, x) => n + x.today, 0)).toBeLessThanOrEqual(data.summary.today);
    expect(data.summary.handledRate).toBeGreaterThan(0);
    const tunnelProject = await projectId(d.app, tokens.sysadmin, 'NJJG-2024-012');
    expect(await screen('AiRecognition', tokens.xiangmu01, tunnelProject)).toMatchObject({ status: 0 });
    const road = await projectId(d.app, tokens.xiangmu02, 'NJJG-2024-002');
    expect((await screen<AiRecognition>('AiRecognition', tokens.xiangmu02, road)).data).toMatchObject({ latest: [], summary: { today: 0, cameras: 0 } });
  });
});
