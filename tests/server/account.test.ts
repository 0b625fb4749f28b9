// §7.2 PCEmployeeRegister and PCModifyPwd (§5.2 rules on the server; success revokes every session).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/constants';
import { PASSWORD_MESSAGES } from '../../common/password-rules';
import { FORMATS } from '../../common/validators';
import { endpoint } from './engine-support';
import { call, DEMO_PASSWORD, login, PATHS, session, startApp } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
});

const applicant = { userName: 'zhang_san01', password: 'Zs@123456', realName: '张三', mobile: '13912345678', companyName: '内江建工建筑工程有限公司' };

describe('PCEmployeeRegister', () => {
  it('creates an account waiting for audit', async () => {
    const reply = await call<{ UserID: string }>(app, 'POST', PATHS.register, { body: { ...applicant, fromplat: 'pc', wid: 11 } });
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe(1);
    expect(reply.body.data?.UserID).toMatch(/^\d+$/);
    const loginReply = await login(app, applicant.userName, { password: applicant.password });
    expect(loginReply.body.detail).toBe('账号正在审核中，审核通过后才能登录');
  });

  it('refuses a taken user name', async () => {
    const reply = await call(app, 'POST', PATHS.register, { body: { ...applicant, userName: 'qiye01' } });
    expect(reply.body).toEqual({ status: 0, detail: '用户名已存在' });
  });

  it.each([
    [{ userName: 'ab' }, FORMATS.username.message],
    [{ password: '12345' }, PASSWORD_MESSAGES.tooShort],
    [{ realName: 'Tom' }, FORMATS.realName.message],
    [{ mobile: '12345678901' }, FORMATS.mobile.message],
    [{ companyName: '不存在的公司' }, '所属单位不存在，请填写完整的单位名称'],
  ])('refuses %o with its §5.5 message', async (change, detail) => {
    const reply = await call(app, 'POST', PATHS.register, { body: { ...applicant, userName: 'other_user9', ...change } });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 0, detail });
  });

  it('stores a mobile number written with +86, spaces or dashes as its 11 digits (issue 23)', async () => {
    const reply = await call(app, 'POST', PATHS.register, { body: { ...applicant, userName: 'li_si_0086', mobile: '+86 139-1234-5670', companyName: '内江建工集团有限公司' } });
    expect(reply.body.status).toBe(1);
    // The group company's members are the system administrator's list.
    const { token } = await session(app, 'sysadmin');
    const users = await call<Array<Record<string, unknown>>>(app, 'GET', endpoint('User', 'list'), { token, query: { index: 0, size: 1000 } });
    // Lists answer a mobile number masked (personal data, docs/security-privilege.md); the detail the edit form reads answers it whole.
    const listed = users.body.data!.find((u) => u.userName === 'li_si_0086')!;
    expect(listed).toMatchObject({ mobile: '139****5670' });
    const detail = await call<Record<string, unknown>>(app, 'GET', endpoint('User', 'detail'), { token, query: { rec_id: String(listed.id), personal: 'full' } });
    expect(detail.body.data).toMatchObject({ mobile: '13912345670' });
  });

  it('refuses a missing field and an unknown field with 400', async () => {
    const { mobile: _mobile, ...withoutMobile } = applicant;
    const missing = await call(app, 'POST', PATHS.register, { body: withoutMobile });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe(`${MESSAGES.badRequest}：缺少字段 mobile`);
    const extra = await call(app, 'POST', PATHS.register, { body: { ...applicant, auditStatus: 2 } });
    expect(extra.status).toBe(400);
    expect(extra.body.detail).toBe(`${MESSAGES.badRequest}：不支持的字段 auditStatus`);
  });
});

describe('PCModifyPwd', () => {
  it('needs a session', async () => {
    const reply = await call(app, 'POST', PATHS.modifyPassword, { body: { oldPwd: DEMO_PASSWORD, userPwd: 'New@12345' } });
    expect(reply.status).toBe(401);
  });

  it.each([
    [{ oldPwd: '', userPwd: 'New@12345' }, PASSWORD_MESSAGES.oldRequired],
    [{ oldPwd: DEMO_PASSWORD, userPwd: '' }, PASSWORD_MESSAGES.newRequired],
    [{ oldPwd: DEMO_PASSWORD, userPwd: 'a1@' }, PASSWORD_MESSAGES.tooShort],
    [{ oldPwd: DEMO_PASSWORD, userPwd: DEMO_PASSWORD }, PASSWORD_MESSAGES.sameAsOld],
    // §5.5 strong password, checked again on the server whatever the browser did.
    [{ oldPwd: DEMO_PASSWORD, userPwd: 'abcdefgh' }, PASSWORD_MESSAGES.weak],
    [{ oldPwd: DEMO_PASSWORD, userPwd: 'Abcdefg1' }, PASSWORD_MESSAGES.weak],
    [{ oldPwd: DEMO_PASSWORD, userPwd: 'abc@1234' }, PASSWORD_MESSAGES.weak],
    [{ oldPwd: 'Nope@1234', userPwd: 'New@12345' }, PASSWORD_MESSAGES.wrongOld],
  ])('refuses %o with the §5.2 text', async (form, detail) => {
    const { token } = await session(app, 'qiye02');
    const reply = await call(app, 'POST', PATHS.modifyPassword, { token, body: form });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 0, detail });
    // A refused change keeps the session.
    expect((await call(app, 'GET', PATHS.userInfo, { token })).status).toBe(200);
  });

  it('changes the password, revokes every session of the user and keeps other users logged in', async () => {
    const first = await session(app, 'xiangmu02');
    const second = await session(app, 'xiangmu02');
    const bystander = await session(app, 'qiye01');
    const reply = await call(app, 'POST', PATHS.modifyPassword, { token: first.token, body: { oldPwd: DEMO_PASSWORD, userPwd: 'Changed@567' } });
    expect(reply.body).toEqual({ status: 1, detail: '修改成功' });
    for (const token of [first.token, second.token]) {
      const after = await call(app, 'GET', PATHS.userInfo, { token });
      expect(after.status).toBe(401);
      expect(after.body.code).toBe(401);
    }
    expect((await call(app, 'GET', PATHS.userInfo, { token: bystander.token })).status).toBe(200);
    expect((await login(app, 'xiangmu02')).body.detail).toBe(MESSAGES.wrongPassword);
    expect((await login(app, 'xiangmu02', { password: 'Changed@567' })).body.status).toBe(1);
  });
});
