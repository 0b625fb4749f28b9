// GET /prod-api/api/ClientConfig (docs/map.md): the Tianditu key from TIANDITU_KEY, for signed-in users only.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../common/client-config';
import { MESSAGES } from '../../common/constants';
import { CLIENT_CONFIG_URL, readClientConfig } from '../../server/routes/client-config';
import { call, session, startApp } from './helpers';

let app: FastifyInstance;
const saved = process.env.TIANDITU_KEY;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
});
afterEach(() => {
  if (saved === undefined) delete process.env.TIANDITU_KEY;
  else process.env.TIANDITU_KEY = saved;
});

const get = (token?: string) => call<ClientConfig>(app, 'GET', CLIENT_CONFIG_URL, { token, query: { fromplat: 'pc', wid: 11 } });

describe('ClientConfig', () => {
  it('answers an empty key when none is configured', async () => {
    delete process.env.TIANDITU_KEY;
    const { token } = await session(app, 'qiye01');
    const reply = await get(token);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 1, detail: '', data: { tiandituKey: '' } });
  });

  it('reads the key from the environment at request time, trimmed', async () => {
    const { token } = await session(app, 'jianguan01');
    process.env.TIANDITU_KEY = '  0123456789abcdef0123456789abcdef \n';
    expect((await get(token)).body.data).toEqual({ tiandituKey: '0123456789abcdef0123456789abcdef' });
    process.env.TIANDITU_KEY = 'fedcba9876543210';
    expect((await get(token)).body.data).toEqual({ tiandituKey: 'fedcba9876543210' });
  });

  it('treats a malformed key as none rather than sending it to the browser', async () => {
    const { token } = await session(app, 'qiye01');
    process.env.TIANDITU_KEY = 'abc def&tk=1';
    expect((await get(token)).body.data).toEqual({ tiandituKey: '' });
  });

  it('needs a session (401) and follows the data-authority rule (code 0)', async () => {
    process.env.TIANDITU_KEY = '0123456789abcdef0123456789abcdef';
    const anonymous = await get();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.detail).toBe(MESSAGES.sessionExpired);
    expect(JSON.stringify(anonymous.body)).not.toContain('0123456789abcdef');

    const { token } = await session(app, 'wuquanxian');
    const blocked = await get(token);
    expect(blocked.body).toEqual({ status: 0, detail: MESSAGES.noPermission, code: 0 });
  });

  it('is readable in monitoring mode and by project users', async () => {
    process.env.TIANDITU_KEY = 'abcdefgh12345678';
    for (const user of ['duogongsi', 'xiangmu02']) {
      const { token } = await session(app, user);
      expect((await get(token)).body.data?.tiandituKey).toBe('abcdefgh12345678');
    }
  });

  it('readClientConfig: empty, missing and malformed settings give no key', () => {
    expect(readClientConfig({})).toEqual({ tiandituKey: '' });
    expect(readClientConfig({ TIANDITU_KEY: '   ' })).toEqual({ tiandituKey: '' });
    expect(readClientConfig({ TIANDITU_KEY: 'short' })).toEqual({ tiandituKey: '' });
    expect(readClientConfig({ TIANDITU_KEY: 'a'.repeat(65) })).toEqual({ tiandituKey: '' });
    expect(readClientConfig({ TIANDITU_KEY: 'AbC123xyz0' })).toEqual({ tiandituKey: 'AbC123xyz0' });
  });
});
