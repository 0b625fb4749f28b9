// docs/api.md outcomes: 401 for missing, forged or expired tokens, code 0 for OrgDataAuthorityType 0,
// 400 for malformed requests, 404 for unknown API paths; never a stack trace.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/constants';
import { call, PATHS, session, startApp } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
});

const expired = { status: 0, code: 401, detail: MESSAGES.sessionExpired };

describe('access token', () => {
  it.each([
    ['no header', {}],
    ['forged token', { authorization: 'Bearer Zm9yZ2VkLXRva2VuLXRoYXQtbG9va3MtcmVhbC0xMjM0NTY3OA' }],
    ['not a bearer', { authorization: 'Basic cWl5ZTAxOkRlbW9AMTIzNA==' }],
  ])('answers %s with 401', async (_name, headers) => {
    for (const [method, url] of [
      ['GET', PATHS.userInfo],
      ['GET', PATHS.projectList],
      ['POST', PATHS.switchCompany],
    ] as const) {
      const reply = await call(app, method, url, { headers, body: method === 'POST' ? { company_id: '1' } : undefined });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual(expired);
    }
  });

  it('checks the token before the body, so an anonymous caller learns nothing about the rules', async () => {
    const reply = await call(app, 'POST', PATHS.modifyMyInfo, { body: '{broken' });
    expect(reply.status).toBe(401);
  });
});

describe('OrgDataAuthorityType 0', () => {
  it('may log in and out but gets code 0 没有权限 on everything else', async () => {
    const { token, result } = await session(app, 'wuquanxian');
    expect(result.OrgDataAuthorityType).toBe(0);
    const blocked = [
      ['GET', PATHS.userInfo, undefined],
      ['GET', PATHS.orgList, undefined],
      ['GET', PATHS.projectList, undefined],
      ['GET', PATHS.noticeList, undefined],
      ['GET', PATHS.dictionary, undefined],
      ['POST', PATHS.switchCompany, { company_id: result.CompanyId }],
      ['POST', PATHS.modifyPassword, { oldPwd: 'Demo@1234', userPwd: 'Other@1234' }],
    ] as const;
    for (const [method, url, body] of blocked) {
      const reply = await call(app, method, url, { token, body, query: method === 'GET' ? { type: 'projectStatus' } : undefined });
      expect(reply.status, url).toBe(200);
      expect(reply.body, url).toEqual({ status: 0, code: 0, detail: MESSAGES.noPermission });
    }
    const out = await call(app, 'POST', PATHS.logout, { token });
    expect(out.body.status).toBe(1);
    expect((await call(app, 'GET', PATHS.userInfo, { token })).status).toBe(401);
  });
});

describe('malformed requests', () => {
  it('answers broken JSON with a Chinese 400 and no stack', async () => {
    const { token } = await session(app, 'qiye01');
    const reply = await call(app, 'POST', PATHS.modifyMyInfo, { token, body: '{"realName": "李明",' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ status: 0, detail: '请求参数格式错误：请求体不是有效的 JSON' });
    expect(reply.raw.body).not.toMatch(/at |Error|node_modules/);
  });

  it('answers a body that is not an object, and an unsupported content type, with 400', async () => {
    const { token } = await session(app, 'qiye01');
    const array = await call(app, 'POST', PATHS.modifyMyInfo, { token, body: '[1,2]' });
    expect(array.status).toBe(400);
    expect(array.body.detail).toBe('请求参数格式错误：请求体必须是 JSON 对象');
    const xml = await call(app, 'POST', PATHS.modifyMyInfo, { token, headers: { 'content-type': 'application/xml' }, body: undefined });
    expect(xml.status).toBe(400);
    expect(xml.body.status).toBe(0);
  });

  it('accepts the envelope fields everywhere and refuses any other unknown field', async () => {
    const { token } = await session(app, 'qiye01');
    const ok = await call(app, 'POST', PATHS.switchProject, { token, body: { GlobalProjectID: '', token: 'svc', fromplat: 'pc', wid: 11 } });
    expect(ok.body.status).toBe(1);
    const extra = await call(app, 'POST', PATHS.switchProject, { token, body: { GlobalProjectID: '', user_id: '1' } });
    expect(extra.status).toBe(400);
    expect(extra.body.detail).toBe('请求参数格式错误：不支持的字段 user_id');
  });
});

describe('unknown paths', () => {
  it.each([
    ['GET', '/prod-api/api/Nothing/Here'],
    ['POST', '/prod-apicore/web/nothing'],
    ['GET', '/somewhere-else'],
  ] as const)('%s %s is 404 接口不存在', async (method, url) => {
    const reply = await call(app, method, url);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ status: 0, detail: MESSAGES.notFound });
  });
});
