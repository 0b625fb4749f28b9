// The dictionary service: concurrent asks for one list share a request, later asks hit the cache, scopes
// (user, company) never share, failures are not cached; and the three sources' wire calls.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DictionaryRef } from '../../../common/metadata';
import { createDictionaryService } from '../../../src/engine/dictionary/dictionary-service';
import { createDictionaryFetcher } from '../../../src/engine/dictionary/dictionary-sources';
import { dictionaryKey, labelOf } from '../../../src/engine/dictionary/dictionary-ref';
import { ok, stubFetch } from '../features/fetchStub';

const DEVICE_TYPES: DictionaryRef = { table: 'routInspManage', field: 'DeviceType' };
const deferred = <T,>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

afterEach(() => vi.unstubAllGlobals());

describe('dictionary service', () => {
  it('merges concurrent requests for the same list into one and caches the answer', async () => {
    const d = deferred<Array<{ value: string; label: string }>>();
    const fetcher = vi.fn(() => d.promise);
    const service = createDictionaryService(fetcher);
    const a = service.load(DEVICE_TYPES);
    const b = service.load({ table: 'routInspManage', field: 'DeviceType' });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(service.peek(DEVICE_TYPES)).toBeUndefined();
    d.resolve([{ value: '塔吊', label: '塔吊' }]);
    expect(await a).toEqual(await b);
    await service.load(DEVICE_TYPES);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(service.peek(DEVICE_TYPES)).toEqual([{ value: '塔吊', label: '塔吊' }]);
  });

  it('different refs and parameters are different lists', async () => {
    const fetcher = vi.fn(async () => []);
    const service = createDictionaryService(fetcher);
    await Promise.all([service.load(DEVICE_TYPES), service.load({ type: 'auditStatus' }), service.load({ type: 'auditStatus' }, { parent: 1 })]);
    expect(fetcher).toHaveBeenCalledTimes(3);
    expect(dictionaryKey({ type: 'a' }, { b: 1, a: 2 })).toBe(dictionaryKey({ type: 'a' }, { a: 2, b: 1 }));
  });

  it('keeps one cache per session scope (user and company)', async () => {
    let scope = 'u1|c1';
    const fetcher = vi.fn(async () => [{ value: '1', label: scope }]);
    const service = createDictionaryService(fetcher, () => scope);
    await service.load({ type: 'auditStatus' });
    scope = 'u1|c2';
    expect(service.peek({ type: 'auditStatus' })).toBeUndefined();
    expect(await service.load({ type: 'auditStatus' })).toEqual([{ value: '1', label: 'u1|c2' }]);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('does not cache a failure and notifies subscribers when a list arrives', async () => {
    const fetcher = vi.fn().mockRejectedValueOnce(new Error('网络连接失败')).mockResolvedValueOnce([{ value: '1', label: '待审核' }]);
    const service = createDictionaryService(fetcher);
    const listener = vi.fn();
    service.subscribe(listener);
    await expect(service.load({ type: 'auditStatus' })).rejects.toThrow('网络连接失败');
    expect(await service.load({ type: 'auditStatus' })).toEqual([{ value: '1', label: '待审核' }]);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('reloads the cached lists of one entity after it changed, keeping the old list until the new arrives', async () => {
    let version = 1;
    const fetcher = vi.fn(async (ref: Parameters<typeof service.load>[0]) => ['entity' in ref ? `${ref.entity}${version}` : 'code'].map((v) => ({ value: v, label: v })));
    const service = createDictionaryService(fetcher);
    const orgs = { entity: 'Organization', valueField: 'id', labelField: 'name', parentField: 'parentId' };
    await service.load(orgs);
    await service.load({ type: 'companyType' });
    version = 2;
    const changed = vi.fn();
    service.subscribe(changed);
    service.reloadEntity('Organization');
    expect(service.peek(orgs)).toEqual([{ value: 'Organization1', label: 'Organization1' }]);
    await vi.waitFor(() => expect(service.peek(orgs)).toEqual([{ value: 'Organization2', label: 'Organization2' }]));
    expect(changed).toHaveBeenCalled();
    // Only that entity's lists are fetched again.
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it('reloads every cached list after the schemas changed, keeping each until its new one arrives', async () => {
    let version = 1;
    const fetcher = vi.fn(async (ref: Parameters<typeof service.load>[0]) => [`${'entity' in ref ? ref.entity : 'type' in ref ? ref.type : '?'}${version}`].map((v) => ({ value: v, label: v })));
    const service = createDictionaryService(fetcher);
    const orgs = { entity: 'Organization', valueField: 'id', labelField: 'name', parentField: 'parentId' };
    await service.load(orgs);
    await service.load({ type: 'companyType' });
    version = 2;
    service.reloadAll();
    expect(service.peek({ type: 'companyType' })).toEqual([{ value: 'companyType1', label: 'companyType1' }]);
    await vi.waitFor(() => expect(service.peek({ type: 'companyType' })).toEqual([{ value: 'companyType2', label: 'companyType2' }]));
    await vi.waitFor(() => expect(service.peek(orgs)).toEqual([{ value: 'Organization2', label: 'Organization2' }]));
    expect(fetcher).toHaveBeenCalledTimes(4);
  });

  it('labels codes from the cached list, the code itself when unknown', () => {
    const options = [{ value: '1', label: '待审核' }];
    expect(labelOf(options, 1)).toBe('待审核');
    expect(labelOf(options, '9')).toBe('9');
    expect(labelOf(options, null)).toBe('');
  });
});

describe('dictionary sources', () => {
  const fetcher = createDictionaryFetcher((name) =>
    name === 'DeviceType'
      ? { base: 'DeviceType', list: 'WhereDeviceTypeList', detail: 'GetDetail', create: 'Add', update: 'Update', delete: 'Delete', deleteMethod: 'POST', export: 'Export', import: 'Import', audit: 'Audit', idParam: 'rec_id' }
      : undefined,
  );

  it('{type} → GET SysDictionary/GetListByType', async () => {
    const f = stubFetch({ 'GET /prod-api/api/SysDictionary/GetListByType': () => ok([{ xuHao: '1', selContent: '待审核' }]) });
    expect(await fetcher({ type: 'auditStatus' })).toEqual([{ value: '1', label: '待审核' }]);
    expect(f.calls[0].query.get('type')).toBe('auditStatus');
  });

  it('{table, field} → POST SelectTableField/WhereMulSelectList with size 999 (§7.6, §9)', async () => {
    const f = stubFetch({ 'POST /prod-api/api/SelectTableField/WhereMulSelectList': () => ok([{ xuHao: '塔吊', selContent: '塔吊' }]) });
    expect(await fetcher(DEVICE_TYPES)).toEqual([{ value: '塔吊', label: '塔吊' }]);
    expect(f.calls[0].body).toMatchObject({ tableName: 'routInspManage', fieldName: 'DeviceType', size: 999 });
  });

  it("{entity, valueField, labelField} → that entity's Options, value and label fields named", async () => {
    const f = stubFetch({ 'GET /prod-api/api/DeviceType/Options': () => ok([{ id: '1', typeName: '塔吊' }]) });
    expect(await fetcher({ entity: 'DeviceType', valueField: 'id', labelField: 'typeName' })).toEqual([{ value: '1', label: '塔吊' }]);
    expect(f.calls[0].query.get('size')).toBe('999');
    expect(f.calls[0].query.get('fields')).toBe('id,typeName');
    await expect(fetcher({ entity: 'Nope', valueField: 'a', labelField: 'b' })).rejects.toThrow('不存在');
  });

  it('{entity, …, parentField} → options that name their parent, for a tree select (§3.4)', async () => {
    stubFetch({ 'GET /prod-api/api/DeviceType/Options': () => ok([{ id: '1', typeName: '起重机械', up: null }, { id: '2', typeName: '塔吊', up: '1' }]) });
    expect(await fetcher({ entity: 'DeviceType', valueField: 'id', labelField: 'typeName', parentField: 'up' })).toEqual([
      { value: '1', label: '起重机械', parent: null },
      { value: '2', label: '塔吊', parent: '1' },
    ]);
  });
});
