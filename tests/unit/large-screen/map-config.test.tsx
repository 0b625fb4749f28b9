// The runtime map key (GET /api/ClientConfig), the §8 'No tianDiTu key found' report once per page load,
// the base-layer builders by source code, and the map component's legend when no canvas is available.
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getClientConfig, readClientConfig, resetClientConfig } from '../../../src/features/large-screen/map/api/getClientConfig';
import { baseSourceFor, buildBaseLayers } from '../../../src/features/large-screen/map/base-layers';
import { MAP_ERRORS } from '../../../src/features/large-screen/map/constants';
import { reportMissingKey, resetMissingKeyReport } from '../../../src/features/large-screen/map/missing-key';
import { ProjectMap } from '../../../src/features/large-screen/map';
import { createTileRetry } from '../../../src/features/large-screen/map/tile-retry';
import { ok, refused, stubFetch } from '../features/fetchStub';

beforeEach(() => {
  resetClientConfig();
  resetMissingKeyReport();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('client config', () => {
  it('reads the key from a successful answer, trimmed; anything else is no key', () => {
    expect(readClientConfig({ status: 1, detail: '', data: { tiandituKey: ' abcdef123456 ' } })).toEqual({ tiandituKey: 'abcdef123456' });
    expect(readClientConfig({ status: 1, detail: '', data: { tiandituKey: '' } })).toEqual({ tiandituKey: '' });
    expect(readClientConfig({ status: 1, detail: '', data: { tiandituKey: 'bad key&x=1' } })).toEqual({ tiandituKey: '' });
    expect(readClientConfig({ status: 1, detail: '', data: {} })).toEqual({ tiandituKey: '' });
    expect(readClientConfig({ status: 0, detail: '没有权限', code: 0 })).toEqual({ tiandituKey: '' });
    expect(readClientConfig(undefined)).toEqual({ tiandituKey: '' });
  });

  it('asks the server once per page load and shares the answer', async () => {
    const { callsTo } = stubFetch({ 'GET /prod-api/api/ClientConfig': () => ok({ tiandituKey: 'key0123456789' }) });
    const [a, b] = await Promise.all([getClientConfig(), getClientConfig()]);
    expect(a).toEqual({ tiandituKey: 'key0123456789' });
    expect(b).toBe(a);
    expect(await getClientConfig()).toBe(a);
    expect(callsTo('GET', '/prod-api/api/ClientConfig')).toHaveLength(1);
  });

  it('treats a refused answer as no key', async () => {
    stubFetch({ 'GET /prod-api/api/ClientConfig': () => refused('没有权限') });
    expect(await getClientConfig()).toEqual({ tiandituKey: '' });
  });

  it('does not keep a failed read: the next map asks again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { callsTo } = stubFetch({
      'GET /prod-api/api/ClientConfig': () => (fail ? { status: 500, json: { status: 0, detail: '服务器错误' } } : ok({ tiandituKey: 'abcdefgh1' })),
    });
    expect(await getClientConfig()).toEqual({ tiandituKey: '' });
    fail = false;
    expect(await getClientConfig()).toEqual({ tiandituKey: 'abcdefgh1' });
    expect(callsTo('GET', '/prod-api/api/ClientConfig')).toHaveLength(2);
  });
});

describe('missing key (§8)', () => {
  it("reports 'No tianDiTu key found' once per page load, however often maps are drawn", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(baseSourceFor({ tiandituKey: '' })).toBe('offline');
    expect(baseSourceFor({ tiandituKey: '' })).toBe('offline');
    expect(reportMissingKey()).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(MAP_ERRORS.noKey);
    expect(MAP_ERRORS.noKey).toBe('No tianDiTu key found');
  });

  it('uses Tianditu when a key is configured, without reporting anything', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(baseSourceFor({ tiandituKey: 'abcdef123456' })).toBe('tianditu');
    expect(warn).not.toHaveBeenCalled();
  });

  it("refuses an unknown source code with 'No default layers builder found by source code'", async () => {
    const retry = createTileRetry();
    await expect(buildBaseLayers('amap', { key: '', retry, scale: 1 })).rejects.toThrow('No default layers builder found by source code');
    await expect(buildBaseLayers('toString', { key: '', retry, scale: 1 })).rejects.toThrow(MAP_ERRORS.noLayersBuilder);
    await expect(buildBaseLayers('tianditu', { key: '', retry, scale: 1 })).rejects.toThrow(MAP_ERRORS.noKey);
  });
});

describe('ProjectMap without a canvas', () => {
  it('keeps its place with the legend and a Chinese note instead of failing', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    render(<ProjectMap markers={[{ id: '1', lng: 105.06, lat: 29.58, state: 'inProgress', title: '项目一' }]} className="overview-map" />);
    const map = screen.getByTestId('project-map');
    expect(map.className).toBe('ls-map overview-map');
    expect(screen.getByText('当前浏览器不支持地图显示')).toBeTruthy();
    const legend = screen.getByRole('list', { name: '图例' });
    expect(legend.textContent).toBe('在建停工竣工立项筹备定位');
  });
});
