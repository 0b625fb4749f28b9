// List-column settings per user and page (docs/metadata.md): saved and read back in order; keys that
// are not columns of the page are dropped on read; the page must exist.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColumnSetting } from '../../common/metadata';
import { COLUMN_SETTING_PATHS } from '../../server/routes/column-setting';
import { enterMonitoring } from './engine-support';
import { call, session, startApp } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
});

const PAGE = 'inspectionTemplate';
const read = (token: string, page = PAGE) => call<ColumnSetting[]>(app, 'GET', COLUMN_SETTING_PATHS.get, { token, query: { page } });
const save = (token: string, body: unknown) => call(app, 'POST', COLUMN_SETTING_PATHS.save, { token, body });

describe('column settings', () => {
  it('round-trips a user’s columns in order and drops keys the page no longer has', async () => {
    const { token } = await session(app, 'qiye01');
    expect((await read(token)).body).toEqual({ status: 1, detail: '', data: [] });
    const columns = [
      { key: 'description', visible: true, order: 2, width: 300 },
      { key: 'deviceType', visible: false, order: 0 },
      { key: 'removedColumn', visible: true, order: 3 },
      { key: 'contentName', visible: true, order: 1, width: 200 },
    ];
    expect((await save(token, { page: PAGE, columns, token: 'svc', fromplat: 'pc', wid: 11 })).body).toEqual({ status: 1, detail: '保存成功' });
    expect((await read(token)).body.data).toEqual([
      { key: 'deviceType', visible: false, order: 0 },
      { key: 'contentName', visible: true, order: 1, width: 200 },
      { key: 'description', visible: true, order: 2, width: 300 },
    ]);
    // Saving again replaces, and settings belong to the user.
    await save(token, { page: PAGE, columns: [{ key: 'contentName', visible: false, order: 0 }] });
    expect((await read(token)).body.data).toEqual([{ key: 'contentName', visible: false, order: 0 }]);
    const other = await session(app, 'qiye02');
    expect((await read(other.token)).body.data).toEqual([]);
  });

  it('refuses a page that does not exist and malformed settings', async () => {
    const { token } = await session(app, 'qiye01');
    expect((await read(token, 'noSuchPage')).body).toEqual({ status: 0, detail: '页面不存在' });
    expect((await save(token, { page: 'noSuchPage', columns: [] })).body).toEqual({ status: 0, detail: '页面不存在' });
    const bad = await save(token, { page: PAGE, columns: [{ key: 'deviceType', visible: 'yes', order: 0 }] });
    expect(bad.status).toBe(400);
    const extra = await save(token, { page: PAGE, columns: [{ key: 'deviceType', visible: true, order: 0, sql: 'x' }] });
    expect(extra.status).toBe(400);
  });

  it('still saves while monitoring: settings are the user’s own, not the watched company’s data', async () => {
    const { token, result } = await session(app, 'duogongsi');
    await enterMonitoring(app, token, result, '内江华鼎商品混凝土有限公司');
    const columns = [{ key: 'contentName', visible: true, order: 0 }];
    expect((await save(token, { page: PAGE, columns })).body).toEqual({ status: 1, detail: '保存成功' });
    expect((await read(token)).body.data).toEqual(columns);
  });
});
