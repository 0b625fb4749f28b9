// The data provider over an entity's api names: list parameters (zero-based index, filters as JSON text),
// detail, create, update with the id parameter, soft delete, export download with the server's file name,
// import report.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntitySchema } from '../../../common/metadata';
import { createDataProvider } from '../../../src/engine/data/data-provider';
import { fileNameOf } from '../../../src/engine/data/download';
import { ok, stubFetch } from '../features/fetchStub';

const entity: Pick<EntitySchema, 'api' | 'softDelete'> = {
  api: { base: 'RoutInspContent', detail: 'GetContentDetail', create: 'CreateContent', update: 'ModifyContent', delete: 'ModifyIfDel', deleteMethod: 'GET' },
  softDelete: true,
};

afterEach(() => vi.unstubAllGlobals());

describe('data provider', () => {
  it('getList sends index, size and only filters with a value, and reads the total from pageInfo', async () => {
    const f = stubFetch({ 'GET /prod-api/api/RoutInspContent/WherePageList': () => ok([{ id: '1' }], { record_count: 31, p_index: 1, p_size: 10, has_next: true, has_prev: true }) });
    const r = await createDataProvider(entity).getList({
      index: 1,
      size: 10,
      filters: [{ field: 'contentName', operator: 'contains', value: '塔吊' }, { field: 'deviceType', operator: 'eq', value: '' }],
      sort: 'id:desc',
    });
    expect(r).toMatchObject({ rows: [{ id: '1' }], total: 31 });
    const q = f.calls[0].query;
    expect([q.get('index'), q.get('size'), q.get('sort')]).toEqual(['1', '10', 'id:desc']);
    expect(JSON.parse(q.get('filters') ?? '')).toEqual([{ field: 'contentName', operator: 'contains', value: '塔吊' }]);
  });

  it('getOne, create and update use the api names and the id parameter', async () => {
    const f = stubFetch({
      'GET /prod-api/api/RoutInspContent/GetContentDetail': () => ok({ id: '3' }),
      'POST /prod-api/api/RoutInspContent/CreateContent': () => ok({ id: '4' }),
      'POST /prod-api/api/RoutInspContent/ModifyContent': () => ok({ id: '3' }),
    });
    const p = createDataProvider(entity);
    await p.getOne('3');
    await p.create({ contentName: 'a' });
    await p.update('3', { contentName: 'b' });
    expect(f.calls[0].query.get('rec_id')).toBe('3');
    expect(f.calls[1].body).toMatchObject({ contentName: 'a', fromplat: 'pc', wid: 11 });
    expect(f.calls[2].body).toMatchObject({ contentName: 'b', rec_id: '3' });
  });

  it('deleteOne uses the delete method, with if_del=1 for soft delete; a refusal throws its detail', async () => {
    const f = stubFetch({ 'GET /prod-api/api/RoutInspContent/ModifyIfDel': () => ok(null) });
    await createDataProvider(entity).deleteOne('5');
    expect([f.calls[0].query.get('rec_id'), f.calls[0].query.get('if_del')]).toEqual(['5', '1']);
    stubFetch({ 'POST /prod-api/api/X/Delete': () => ({ status: 0, detail: '记录不存在' }) });
    await expect(createDataProvider({ api: { base: 'X' } }).deleteOne('1')).rejects.toThrow('记录不存在');
  });

  it('exportFile downloads the blob under the server file name', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        expect(String(url)).toMatch(/^\/prod-api\/api\/RoutInspContent\/Export\?filters=/);
        return new Response('xlsx', {
          headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Disposition': "attachment; filename*=UTF-8''%E5%B7%A1%E6%A3%80%E6%A8%A1%E6%9D%BF.xlsx" },
        });
      }),
    );
    const save = vi.fn();
    const file = await createDataProvider(entity, { save }).exportFile({ filters: [{ field: 'deviceType', operator: 'eq', value: '塔吊' }] }, '导出.xlsx');
    expect(file.fileName).toBe('巡检模板.xlsx');
    expect(save).toHaveBeenCalledWith(file);
  });

  it('exportFile throws the detail of a JSON refusal', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ status: 0, detail: '没有权限' }), { headers: { 'Content-Type': 'application/json' } })));
    await expect(createDataProvider(entity, { save: () => {} }).exportFile({}, 'a.xlsx')).rejects.toThrow('没有权限');
  });

  it('importFile posts the file as multipart and answers the report', async () => {
    let body: FormData | undefined;
    vi.stubGlobal('fetch', vi.fn(async (_u: string, init: RequestInit) => {
      body = init.body as FormData;
      return new Response(JSON.stringify({ status: 1, detail: '', data: { inserted: 0, errors: [{ row: 2, field: 'contentName', message: '请输入模板名称' }] } }), { headers: { 'Content-Type': 'application/json' } });
    }));
    const r = await createDataProvider(entity).importFile(new File(['x'], '模板.xlsx'));
    expect(r.errors[0]).toEqual({ row: 2, field: 'contentName', message: '请输入模板名称' });
    expect((body?.get('file') as File).name).toBe('模板.xlsx');
  });

  it('reads plain and RFC 5987 file names', () => {
    expect(fileNameOf('attachment; filename="a.xlsx"', 'x')).toBe('a.xlsx');
    expect(fileNameOf(null, 'x.xlsx')).toBe('x.xlsx');
  });
});
