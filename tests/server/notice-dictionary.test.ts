// §7.4 system notices (per-user read and delete state) and SysDictionary/GetListByType.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/constants';
import type { DictOption, SysNotice } from '../../common/wire';
import { call, PATHS, session, startApp } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
});

const list = async (token: string, sysNoticeIsRead: string) =>
  (await call<SysNotice[]>(app, 'GET', PATHS.noticeList, { token, query: { index: 0, size: 500, sysNoticeIsRead } })).body;

describe('SysNotice', () => {
  it('lists notices newest first with read flags; the unread list is the badge', async () => {
    const { token } = await session(app, 'qiye01');
    const all = await list(token, '');
    expect(all.data).toHaveLength(5);
    expect(all.pageInfo?.record_count).toBe(5);
    const times = all.data!.map((n) => n.publishTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect(times[0]).toBe('2025-07-08 11:00:00');
    expect((await list(token, '0')).data).toHaveLength(3);
    expect((await list(token, '1')).data!.every((n) => n.isRead === 1)).toBe(true);
  });

  it('shows one notice, marks it read for this user only', async () => {
    const reader = await session(app, 'qiye01');
    const other = await session(app, 'qiye02');
    const unread = (await list(reader.token, '0')).data!;
    const info = await call<SysNotice>(app, 'GET', PATHS.noticeInfo, { token: reader.token, query: { id: unread[0].id } });
    expect(info.body.data).toEqual(unread[0]);
    const read = await call(app, 'POST', PATHS.noticeRead, { token: reader.token, body: { id: unread[0].id, fromplat: 'pc', wid: 11 } });
    expect(read.body.status).toBe(1);
    expect((await list(reader.token, '0')).data).toHaveLength(unread.length - 1);
    expect((await list(other.token, '0')).data).toHaveLength(3);
    // Reading twice is harmless.
    expect((await call(app, 'POST', PATHS.noticeRead, { token: reader.token, body: { id: unread[0].id } })).body.status).toBe(1);
  });

  it('deletes a notice from the list of a user holding the delete button', async () => {
    const { token } = await session(app, 'xiangmu01');
    const before = (await list(token, '')).data!;
    const del = await call(app, 'POST', PATHS.noticeDelete, { token, body: { id: before[0].id } });
    expect(del.body).toEqual({ status: 1, detail: '删除成功!' });
    expect((await list(token, '')).data!.map((n) => n.id)).not.toContain(before[0].id);
    const gone = await call(app, 'GET', PATHS.noticeInfo, { token, query: { id: before[0].id } });
    expect(gone.body).toEqual({ status: 0, detail: '通知不存在或已删除' });
    // Still there for others.
    const other = await session(app, 'qiye01');
    expect((await list(other.token, '')).data!.map((n) => n.id)).toContain(before[0].id);
  });

  it('refuses deletion to a role without the delete button (402)', async () => {
    const { token } = await session(app, 'qiye02');
    const first = (await list(token, '')).data![0];
    const reply = await call(app, 'POST', PATHS.noticeDelete, { token, body: { id: first.id } });
    expect(reply.body).toEqual({ status: 0, code: 402, detail: MESSAGES.noPermission });
    expect((await list(token, '')).data).toHaveLength(5);
  });

  it('answers unknown ids with a Chinese refusal and a bad read filter with 400', async () => {
    const { token } = await session(app, 'qiye01');
    expect((await call(app, 'GET', PATHS.noticeInfo, { token, query: { id: '999999' } })).body).toEqual({ status: 0, detail: '通知不存在或已删除' });
    expect((await call(app, 'POST', PATHS.noticeRead, { token, body: { id: '999999' } })).body.status).toBe(0);
    // Not a notice id at all (a word, beyond the integer column): a malformed request (docs/security-input.md).
    for (const id of ['x', '99999999999', '2147483648']) {
      expect((await call(app, 'GET', PATHS.noticeInfo, { token, query: { id } })).status).toBe(400);
      expect((await call(app, 'POST', PATHS.noticeRead, { token, body: { id } })).status).toBe(400);
    }
    const missing = await call(app, 'GET', PATHS.noticeInfo, { token });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('请求参数格式错误：缺少字段 id');
    const filter = await call(app, 'GET', PATHS.noticeList, { token, query: { sysNoticeIsRead: '2' } });
    expect(filter.status).toBe(400);
    expect(filter.body.detail).toBe('请求参数格式错误：字段 sysNoticeIsRead 取值无效');
  });
});

describe('SysDictionary/GetListByType', () => {
  it('returns the code table of schemas/dictionaries as xuHao/selContent, with the tag colours it declares', async () => {
    const { token } = await session(app, 'qiye01');
    const reply = await call<DictOption[]>(app, 'GET', PATHS.dictionary, { token, query: { type: 'projectStatus' } });
    expect(reply.body.data).toEqual([
      { xuHao: '1', selContent: '筹备', color: 'default' },
      { xuHao: '2', selContent: '立项', color: 'cyan' },
      { xuHao: '3', selContent: '在建', color: 'processing' },
      { xuHao: '4', selContent: '竣工', color: 'success' },
      { xuHao: '5', selContent: '停工', color: 'warning' },
    ]);
    const types = await call<DictOption[]>(app, 'GET', PATHS.dictionary, { token, query: { type: 'companyType' } });
    expect(types.body.data).toHaveLength(14);
  });

  it('refuses an unknown dictionary, including path tricks', async () => {
    const { token } = await session(app, 'qiye01');
    for (const type of ['nope', '../menus', 'constructor']) {
      expect((await call(app, 'GET', PATHS.dictionary, { token, query: { type } })).body).toEqual({ status: 0, detail: '字典不存在' });
    }
  });
});
