// §7.1 and §8 behaviours of the one HTTP client, against a stubbed fetch.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { HttpError, http, installHttpUi, request, requestBlob, resetExpiredPrompt, type HttpUi } from '../../src/lib/http/client';
import { json, queryOf, strictUi, stubFetch } from './support/strict';

let ui: HttpUi;
const use = (...stubbed: Array<keyof HttpUi>) => {
  ui = strictUi(stubbed);
  installHttpUi(ui);
};

beforeEach(() => {
  resetExpiredPrompt();
  Cookies.remove('access_token');
  Cookies.remove('token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('401 in its three forms → the 离线提示 confirm, once', () => {
  it('HTTP 401', async () => {
    use('confirmExpired');
    stubFetch([{ method: 'GET', path: '/prod-api/api/x', reply: () => json({ status: 0, detail: '' }, 401) }]);
    await expect(http.get('/api/x')).rejects.toMatchObject({ httpStatus: 401 });
    await expect(http.get('/api/x')).rejects.toBeInstanceOf(HttpError);
    expect(ui.confirmExpired).toHaveBeenCalledTimes(1);
  });

  it('body code 401 on HTTP 200', async () => {
    use('confirmExpired');
    stubFetch([{ method: 'GET', path: '/prod-api/api/x', reply: () => json({ status: 0, code: 401, detail: '当前登录状态过期，请重新登录' }) }]);
    await expect(http.get('/api/x')).rejects.toThrow('当前登录状态过期，请重新登录');
    expect(ui.confirmExpired).toHaveBeenCalledTimes(1);
  });

  it('error_description 401', async () => {
    use('confirmExpired');
    stubFetch([{ method: 'GET', path: '/prod-api/api/x', reply: () => json({ error_description: 401 }, 403) }]);
    await expect(http.get('/api/x')).rejects.toBeInstanceOf(HttpError);
    expect(ui.confirmExpired).toHaveBeenCalledTimes(1);
  });

  it('asks again only after the prompt was answered', async () => {
    use('confirmExpired');
    stubFetch([{ method: 'GET', path: '/prod-api/api/x', reply: () => json({}, 401) }]);
    await expect(http.get('/api/x')).rejects.toBeInstanceOf(HttpError);
    resetExpiredPrompt();
    await expect(http.get('/api/x')).rejects.toBeInstanceOf(HttpError);
    expect(ui.confirmExpired).toHaveBeenCalledTimes(2);
  });
});

it('400 invalid_grant with description 401 → error toast and the confirm', async () => {
  use('confirmExpired', 'error');
  stubFetch([
    { method: 'POST', path: '/prod-apicore/web/login', reply: () => json({ error: 'invalid_grant', error_description: '401' }, 400) },
  ]);
  await expect(request({ method: 'POST', url: '/web/login', base: 'core', data: {} })).rejects.toMatchObject({ httpStatus: 400 });
  expect(ui.error).toHaveBeenCalledWith('401', 5000);
  expect(ui.confirmExpired).toHaveBeenCalledTimes(1);
});

describe('402 → red message for 5 s', () => {
  it('with the server text (numeric code)', async () => {
    use('error');
    stubFetch([{ method: 'POST', path: '/prod-api/api/x', reply: () => json({ status: 0, code: 402, detail: '监视模式下不能修改' }) }]);
    await expect(http.post('/api/x', {})).rejects.toThrow('监视模式下不能修改');
    expect(ui.error).toHaveBeenCalledWith('监视模式下不能修改', 5000);
  });

  it('defaulting to 没有权限 (string code)', async () => {
    use('error');
    stubFetch([{ method: 'GET', path: '/prod-api/api/x', reply: () => json({ status: 0, code: '402', detail: '' }) }]);
    await expect(http.get('/api/x')).rejects.toThrow('没有权限');
    expect(ui.error).toHaveBeenCalledWith('没有权限', 5000);
  });
});

describe('body codes', () => {
  it.each([0, 1, 200])('code %s is accepted', async (code) => {
    use();
    stubFetch([{ method: 'GET', path: '/prod-api/api/x', reply: () => json({ status: 1, code, detail: 'ok', data: 7 }) }]);
    await expect(http.get('/api/x')).resolves.toMatchObject({ data: 7, code });
  });

  it("any other code rejects with 'failed' and shows nothing", async () => {
    use();
    stubFetch([{ method: 'GET', path: '/prod-api/api/x', reply: () => json({ status: 0, code: 500, detail: 'x' }) }]);
    await expect(http.get('/api/x')).rejects.toThrow('failed');
  });

  it('a refusal without a code resolves with the envelope (status 0 and its detail)', async () => {
    use();
    stubFetch([{ method: 'GET', path: '/prod-api/api/x', reply: () => json({ status: 0, detail: '用户名或密码错误' }) }]);
    await expect(http.get('/api/x')).resolves.toEqual({ status: 0, detail: '用户名或密码错误' });
  });
});

describe('other HTTP errors → red message for 5 s', () => {
  it('a 5xx: 服务器繁忙 with the request id of the body, whatever the server wrote', async () => {
    use('error');
    stubFetch([{ method: 'GET', path: '/prod-api/api/x', reply: () => json({ status: 0, detail: 'TypeError: at foo.js:1', requestId: 'ab12cd34ef56' }, 500) }]);
    await expect(http.get('/api/x')).rejects.toMatchObject({ httpStatus: 500 });
    expect(ui.error).toHaveBeenCalledWith('服务器繁忙，请稍后重试（请求编号：ab12cd34ef56）', 5000);
  });

  it('or of the x-request-id header when the body is not JSON, never "Error"', async () => {
    use('error');
    stubFetch([
      { method: 'GET', path: '/prod-api/api/x', reply: () => new Response('<html>bad gateway</html>', { status: 502, headers: { 'x-request-id': 'feed01' } }) },
    ]);
    await expect(http.get('/api/x')).rejects.toThrow('服务器繁忙，请稍后重试（请求编号：feed01）');
    stubFetch([{ method: 'GET', path: '/prod-api/api/x', reply: () => new Response('<html>bad gateway</html>', { status: 502 }) }]);
    await expect(http.get('/api/x')).rejects.toThrow('服务器繁忙，请稍后重试');
    expect(ui.error).toHaveBeenLastCalledWith('服务器繁忙，请稍后重试', 5000);
  });

  it('a 4xx with the server text', async () => {
    use('error');
    stubFetch([{ method: 'GET', path: '/prod-api/api/x', reply: () => json({ status: 0, detail: '请求参数格式错误' }, 400) }]);
    await expect(http.get('/api/x')).rejects.toMatchObject({ httpStatus: 400 });
    expect(ui.error).toHaveBeenCalledWith('请求参数格式错误', 5000);
  });

  it('network failure', async () => {
    use('error');
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(http.get('/api/x')).rejects.toThrow('网络连接失败，请检查网络');
    expect(ui.error).toHaveBeenCalledWith('网络连接失败，请检查网络', 5000);
  });
});

describe('§7.1 merged fields, headers and bases', () => {
  beforeEach(() => {
    Cookies.set('token', 'svc-1');
    Cookies.set('access_token', 'acc-1');
  });

  it('GET: token, fromplat=pc and wid=11 in the query; bearer, fromplat and token headers; credentials', async () => {
    use();
    const calls = stubFetch([{ method: 'GET', path: '/prod-api/api/Project/WhereProjectList', reply: () => json({ status: 1, detail: '' }) }]);
    await http.get('/api/Project/WhereProjectList', { user_id: 'u1', index: 0, empty: undefined });
    const q = queryOf(calls[0].url);
    expect(Object.fromEntries(q)).toEqual({ user_id: 'u1', index: '0', token: 'svc-1', fromplat: 'pc', wid: '11' });
    expect(calls[0].headers).toMatchObject({ Authorization: 'Bearer acc-1', fromplat: 'pc', token: 'svc-1' });
    expect(calls[0].init.credentials).toBe('include');
  });

  it('POST JSON: merged into the body', async () => {
    use();
    const calls = stubFetch([{ method: 'POST', path: '/prod-api/api/x', reply: () => json({ status: 1, detail: '' }) }]);
    await http.post('/api/x', { a: 1 });
    expect(JSON.parse(String(calls[0].body))).toEqual({ a: 1, token: 'svc-1', fromplat: 'pc', wid: 11 });
    expect(calls[0].headers['Content-Type']).toBe('application/json');
    expect(calls[0].url).toBe('/prod-api/api/x');
  });

  it('POST form: merged into the form body, core base', async () => {
    use();
    const calls = stubFetch([{ method: 'POST', path: '/prod-apicore/web/x', reply: () => json({ status: 1, detail: '' }) }]);
    await request({ method: 'POST', url: '/web/x', base: 'core', form: true, data: { userName: 'qiye01' } });
    expect(calls[0].headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(calls[0].body)))).toEqual({
      userName: 'qiye01',
      token: 'svc-1',
      fromplat: 'pc',
      wid: '11',
    });
  });

  it('POST with mergeIntoQuery (login): token, fromplat and wid in the query only', async () => {
    use();
    const calls = stubFetch([{ method: 'POST', path: '/prod-apicore/web/login', reply: () => json({ status: 1, detail: '' }) }]);
    await request({ method: 'POST', url: '/web/login', base: 'core', form: true, mergeIntoQuery: true, data: { userName: 'a' } });
    expect(Object.fromEntries(queryOf(calls[0].url))).toEqual({ token: 'svc-1', fromplat: 'pc', wid: '11' });
    expect(Object.fromEntries(new URLSearchParams(String(calls[0].body)))).toEqual({ userName: 'a' });
  });

  it('no Authorization header without an access token', async () => {
    use();
    Cookies.remove('access_token');
    const calls = stubFetch([{ method: 'GET', path: '/prod-api/api/x', reply: () => json({ status: 1, detail: '' }) }]);
    await http.get('/api/x');
    expect(calls[0].headers.Authorization).toBeUndefined();
  });
});

it('times out with 请求超时 after the configured time', async () => {
  use('error');
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    ),
  );
  await expect(request({ method: 'GET', url: '/api/slow', timeoutMs: 20 })).rejects.toThrow('请求超时，请稍后重试');
  expect(ui.error).toHaveBeenCalledWith('请求超时，请稍后重试', 5000);
});

it('the default timeout is 50 s (§9)', async () => {
  use('error');
  vi.useFakeTimers();
  let aborted = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          }),
        ),
    ),
  );
  const p = request({ method: 'GET', url: '/api/slow' });
  const settled = expect(p).rejects.toThrow('请求超时，请稍后重试');
  await vi.advanceTimersByTimeAsync(49_999);
  expect(aborted).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  await settled;
  expect(aborted).toBe(true);
});

describe('requestBlob: a file answer through the same §7.1 request and §8 handling', () => {
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const file = (status = 200) =>
    new Response('PK-xlsx', { status, headers: { 'Content-Type': XLSX, 'Content-Disposition': "attachment; filename*=UTF-8''a.xlsx" } });

  beforeEach(() => {
    Cookies.set('token', 'svc-1');
    Cookies.set('access_token', 'acc-1');
  });

  it('answers the blob with its headers; merged fields in the query, bearer and token headers', async () => {
    use();
    const calls = stubFetch([{ method: 'GET', path: '/prod-api/api/X/Export', reply: () => file() }]);
    const answer = await http.getBlob('/api/X/Export', { keyword: '塔吊' });
    expect(await answer.blob.text()).toBe('PK-xlsx');
    expect(answer.contentType).toBe(XLSX);
    expect(answer.disposition).toBe("attachment; filename*=UTF-8''a.xlsx");
    expect(Object.fromEntries(queryOf(calls[0].url))).toEqual({ keyword: '塔吊', token: 'svc-1', fromplat: 'pc', wid: '11' });
    expect(calls[0].headers).toMatchObject({ Authorization: 'Bearer acc-1', fromplat: 'pc', token: 'svc-1' });
    expect(calls[0].init.credentials).toBe('include');
  });

  it('an envelope instead of a file rejects with its Chinese detail and shows nothing', async () => {
    use();
    stubFetch([{ method: 'GET', path: '/prod-api/api/X/Export', reply: () => json({ status: 0, detail: '没有权限' }) }]);
    await expect(http.getBlob('/api/X/Export')).rejects.toThrow('没有权限');
  });

  it('401 opens the 离线提示 confirm once', async () => {
    use('confirmExpired');
    stubFetch([{ method: 'GET', path: '/prod-api/api/X/Export', reply: () => json({ status: 0, code: 401, detail: '' }, 401) }]);
    await expect(http.getBlob('/api/X/Export')).rejects.toMatchObject({ httpStatus: 401 });
    await expect(http.getBlob('/api/X/Export')).rejects.toBeInstanceOf(HttpError);
    expect(ui.confirmExpired).toHaveBeenCalledTimes(1);
  });

  it('402 shows the red message for 5 s', async () => {
    use('error');
    stubFetch([{ method: 'GET', path: '/prod-api/api/X/Export', reply: () => json({ status: 0, code: 402, detail: '' }) }]);
    await expect(http.getBlob('/api/X/Export')).rejects.toThrow('没有权限');
    expect(ui.error).toHaveBeenCalledWith('没有权限', 5000);
  });

  it('a 5xx shows 服务器繁忙 with the request id, never "Error"', async () => {
    use('error');
    stubFetch([{ method: 'GET', path: '/prod-api/api/X/Export', reply: () => json({ status: 0, detail: '服务器繁忙，请稍后重试', requestId: 'r1' }, 500) }]);
    await expect(http.getBlob('/api/X/Export')).rejects.toMatchObject({ httpStatus: 500 });
    expect(ui.error).toHaveBeenCalledWith('服务器繁忙，请稍后重试（请求编号：r1）', 5000);
    stubFetch([{ method: 'GET', path: '/prod-api/api/X/Export', reply: () => new Response('<html>bad gateway</html>', { status: 502 }) }]);
    await expect(http.getBlob('/api/X/Export')).rejects.toThrow('服务器繁忙，请稍后重试');
    expect(ui.error).not.toHaveBeenCalledWith('Error', 5000);
  });

  it('times out with 请求超时', async () => {
    use('error');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    );
    await expect(requestBlob({ method: 'GET', url: '/api/X/Export', timeoutMs: 20 })).rejects.toThrow('请求超时，请稍后重试');
    expect(ui.error).toHaveBeenCalledWith('请求超时，请稍后重试', 5000);
  });
});
