// §4 loading overlay counter and §7.1 district-code header of the one HTTP client, against a stubbed fetch.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AREA_CODE_HEADER } from '../../common/constants';
import { LoadingOverlay } from '../../src/app/layout/LoadingOverlay';
import { http, installHttpUi, request } from '../../src/lib/http/client';
import { loadingCount } from '../../src/lib/http/loading';
import { writeJson } from '../../src/lib/storage';
import { json, strictUi, stubFetch } from './support/strict';
import { loginResult, resetBrowserState } from './support/session';

beforeEach(() => {
  resetBrowserState();
  installHttpUi(strictUi(['error']));
});
afterEach(() => vi.unstubAllGlobals());

/** A fetch answered only when the test says so. */
function heldFetch() {
  const pending: Array<(r: Response) => void> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => pending.push(resolve))),
  );
  return pending;
}

describe('§4 loading overlay counter', () => {
  it('counts each request that asks for it up, and down when it answers or fails', async () => {
    const pending = heldFetch();
    const a = request({ method: 'POST', url: '/api/a', data: {}, loading: true });
    const b = request({ method: 'GET', url: '/api/b', loading: true });
    const quiet = request({ method: 'GET', url: '/api/c' });
    await vi.waitFor(() => expect(pending).toHaveLength(3));
    expect(loadingCount()).toBe(2);

    pending[0](json({ status: 1, detail: '', data: 1 }));
    await a;
    expect(loadingCount()).toBe(1);
    pending[2](json({ status: 1, detail: '' }));
    await quiet;
    expect(loadingCount()).toBe(1);
    pending[1](json({ status: 0, detail: '失败' }, 500));
    await expect(b).rejects.toThrow('服务器繁忙');
    expect(loadingCount()).toBe(0);
  });

  it('a network failure counts down too', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    await expect(request({ method: 'GET', url: '/api/x', loading: true })).rejects.toThrow('网络连接失败，请检查网络');
    expect(loadingCount()).toBe(0);
  });

  it('the overlay shows 加载中请稍后 while the count is above zero and goes when it is back to zero', async () => {
    const pending = heldFetch();
    render(<LoadingOverlay />);
    expect(screen.queryByText('加载中请稍后')).toBeNull();
    let p!: Promise<unknown>;
    act(() => {
      p = request({ method: 'GET', url: '/api/slow', loading: true });
    });
    expect(await screen.findByText('加载中请稍后')).toBeTruthy();
    await act(async () => {
      pending[0](json({ status: 1, detail: '' }));
      await p;
    });
    expect(screen.queryByText('加载中请稍后')).toBeNull();
  });
});

describe('§7.1 district-code header from AuthAreaCode', () => {
  it('carries AuthAreaCode of the stored user in the areacode header', async () => {
    writeJson('userInfo', loginResult({ AuthAreaCode: '511000', UserAuthType: '1' }));
    const calls = stubFetch([{ method: 'GET', path: '/prod-api/api/x', reply: () => json({ status: 1, detail: '' }) }]);
    await http.get('/api/x');
    expect(AREA_CODE_HEADER).toBe('areacode');
    expect(calls[0].headers[AREA_CODE_HEADER]).toBe('511000');
  });

  it('sends no such header for a user without an area, or before login', async () => {
    const calls = stubFetch([{ method: 'GET', path: '/prod-api/api/x', reply: () => json({ status: 1, detail: '' }) }]);
    await http.get('/api/x');
    writeJson('userInfo', loginResult({ AuthAreaCode: '' }));
    await http.get('/api/x');
    expect(calls.map((c) => AREA_CODE_HEADER in c.headers)).toEqual([false, false]);
  });
});
