// The vehicle screen (docs/screens-api.md): passages written through the generic VehiclePassage API move
// today's entries and exits, vehicles on site, the hourly buckets and the newest list, within each scope.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '../../server/screens/vehicle';
import { endpoint, projectId } from './engine-support';
import { call, session } from './helpers';
import { createRow, screen } from './screens-fixtures';
import { startScreensApp } from './screens-support';

let app: FastifyInstance;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await startScreensApp();
  for (const u of ['qiye01', 'xiangmu01', 'xiangmu02', 'jianguan01', 'sysadmin']) tokens[u] = (await session(app, u)).token;
});
afterAll(() => app.close());

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const inCount = (d: Vehicle) => d.hourly.reduce((n, h) => n + h.in, 0);

describe('Vehicle', () => {
  it('counts entries, exits and vehicles on site today within the scope', async () => {
    const pid = await projectId(app, tokens.sysadmin, 'NJJG-2024-002');
    const [before, beforeAll, otherBefore] = await Promise.all([
      screen<Vehicle>(app, tokens.xiangmu02, 'Vehicle'),
      screen<Vehicle>(app, tokens.qiye01, 'Vehicle'),
      screen<Vehicle>(app, tokens.xiangmu01, 'Vehicle'),
    ]);
    expect(before.byType.map((t) => t.name)).toEqual(['渣土车', '混凝土罐车', '材料车', '小型车', '其他']);
    expect(before.hourly).toHaveLength(24);
    expect(before.uploadStatus.map((u) => u.name)).toEqual(['未上传', '上传成功', '上传失败']);

    const pass = (plateNo: string, vehicleType: string, direction: string, minutes: number, extra: Record<string, unknown> = {}) =>
      createRow(app, tokens.sysadmin, 'VehiclePassage', { projectId: pid, plateNo, vehicleType, direction, passTime: minutesAgo(minutes), gateName: '1号门', uploadStatus: '1', ...extra });
    await pass('川KA1234', '1', 'in', 4);
    await pass('川KB5678', '2', 'in', 3);
    await pass('川KA1234', '1', 'out', 2, { washed: false, uploadStatus: '2' });
    await pass('川K1234C', '4', 'in', 1);

    const after = await screen<Vehicle>(app, tokens.xiangmu02, 'Vehicle');
    expect(after.summary).toEqual({
      inToday: before.summary.inToday + 3,
      outToday: before.summary.outToday + 1,
      onSite: before.summary.onSite + 2,
      unwashedToday: before.summary.unwashedToday + 1,
      uploadFailedToday: before.summary.uploadFailedToday + 1,
    });
    const type = (d: Vehicle, code: string) => d.byType.find((t) => t.code === code)!;
    expect(type(after, '1')).toMatchObject({ in: type(before, '1').in + 1, out: type(before, '1').out + 1 });
    expect(type(after, '2').in).toBe(type(before, '2').in + 1);
    expect(type(after, '4').in).toBe(type(before, '4').in + 1);
    expect(inCount(after)).toBe(inCount(before) + 3);
    expect(after.uploadStatus.find((u) => u.code === '2')!.count).toBe(before.uploadStatus.find((u) => u.code === '2')!.count + 1);
    expect(after.latest[0]).toMatchObject({ plateNo: '川K1234C', typeName: '小型车', direction: 'in', directionName: '进场', uploadStatusName: '上传成功', washed: true });
    expect(after.latest[1]).toMatchObject({ plateNo: '川KA1234', directionName: '出场', washed: false });
    expect(after.byProject.find((p) => p.projectId === pid)).toMatchObject({ onSite: before.summary.onSite + 2 });

    const all = await screen<Vehicle>(app, tokens.qiye01, 'Vehicle');
    expect(all.summary.inToday).toBe(beforeAll.summary.inToday + 3);
    expect((await screen<Vehicle>(app, tokens.xiangmu01, 'Vehicle')).summary).toEqual(otherBefore.summary);

    expect(after.byProject.find((p) => p.projectId === pid)).toMatchObject({
      in: before.byProject.find((p) => p.projectId === pid)!.in + 3,
      out: before.byProject.find((p) => p.projectId === pid)!.out + 1,
    });

    // A vehicle that leaves is no longer on site.
    await pass('川KB5678', '2', 'out', 0);
    const left = await screen<Vehicle>(app, tokens.xiangmu02, 'Vehicle');
    expect(left.summary.onSite).toBe(before.summary.onSite + 1);
    // A passage without an upload status counts as 未填写 (one not given at all is 未上传, the default).
    const status = (d: Vehicle, name: string) => d.uploadStatus.find((u) => u.name === name)?.count ?? 0;
    await pass('川KC0001', '3', 'in', 0, { uploadStatus: undefined });
    await pass('川KC0002', '3', 'in', 0, { uploadStatus: '' });
    const unfilled = await screen<Vehicle>(app, tokens.xiangmu02, 'Vehicle');
    expect([status(unfilled, '未填写'), status(unfilled, '未上传')]).toEqual([status(left, '未填写') + 1, status(left, '未上传') + 1]);
  });

  it('keeps a project outside the area out of the supervisor’s screen', async () => {
    const pid = await projectId(app, tokens.sysadmin, 'NJJG-2024-012');
    const [gov, all] = await Promise.all([screen<Vehicle>(app, tokens.jianguan01, 'Vehicle'), screen<Vehicle>(app, tokens.qiye01, 'Vehicle')]);
    await createRow(app, tokens.sysadmin, 'VehiclePassage', { projectId: pid, plateNo: '川C88888', vehicleType: '3', direction: 'in', passTime: minutesAgo(1) });
    expect((await screen<Vehicle>(app, tokens.jianguan01, 'Vehicle')).summary.inToday).toBe(gov.summary.inToday);
    expect((await screen<Vehicle>(app, tokens.qiye01, 'Vehicle')).summary.inToday).toBe(all.summary.inToday + 1);
    const refused = await call(app, 'GET', '/prod-api/api/TyScreen/Vehicle', { token: tokens.jianguan01, query: { pjctid1: pid } });
    expect(refused.body).toMatchObject({ status: 0, detail: '项目不存在或不在您的权限范围内' });
  });

  it('refuses a bad plate or direction with a Chinese message and writes nothing', async () => {
    const pid = await projectId(app, tokens.sysadmin, 'NJJG-2024-002');
    const before = await screen<Vehicle>(app, tokens.qiye01, 'Vehicle');
    const good = { projectId: pid, plateNo: '川K66666', vehicleType: '1', direction: 'in', passTime: minutesAgo(1) };
    const badPlate = await call(app, 'POST', endpoint('VehiclePassage', 'create'), { token: tokens.sysadmin, body: { ...good, plateNo: 'AB12345' } });
    expect(badPlate.body).toMatchObject({ status: 0, detail: '请输入正确的车牌号' });
    const badDirection = await call(app, 'POST', endpoint('VehiclePassage', 'create'), { token: tokens.sysadmin, body: { ...good, direction: 'up' } });
    expect(badDirection.body.status).toBe(0);
    expect(badDirection.body.detail).toMatch(/[\u4e00-\u9fa5]/);
    const noTime = await call(app, 'POST', endpoint('VehiclePassage', 'create'), { token: tokens.sysadmin, body: { ...good, passTime: '' } });
    expect(noTime.body).toMatchObject({ status: 0, detail: '请选择通行时间' });
    expect((await screen<Vehicle>(app, tokens.qiye01, 'Vehicle')).summary).toEqual(before.summary);
  });
});
