// The generated list page against a fetch double that throws on any call not stubbed: rows, 序号 across
// pages, dialogs, §5.1 validation order and messages, delete confirm / cancel / success.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListPage } from '../../../src/engine/page/ListPage';
import { ok, stubFetch } from '../features/fetchStub';
import { loadTemplatePage, pageInfo, renderEngine, signIn, templateRow } from './engine-fixtures';

const LIST = 'GET /prod-api/api/RoutInspContent/WherePageList';
const DETAIL = 'GET /prod-api/api/RoutInspContent/GetContentDetail';
const DELETE = 'GET /prod-api/api/RoutInspContent/ModifyIfDel';
const CREATE = 'POST /prod-api/api/RoutInspContent/CreateContent';
const SETTINGS = 'GET /prod-api/api/ColumnSetting/Get';
const LOOKUP = 'POST /prod-api/api/SelectTableField/WhereMulSelectList';
const PROJECTS = 'GET /prod-api/api/Project/WhereProjectList';

const rowsFor = (index: number, size: number, total = 23) =>
  ok(
    Array.from({ length: Math.max(0, Math.min(size, total - index * size)) }, (_, i) => templateRow(index * size + i + 1)),
    pageInfo(index, size, total),
  );

const baseRoutes = {
  [LIST]: (c: { query: URLSearchParams }) => rowsFor(Number(c.query.get('index')), Number(c.query.get('size'))),
  [SETTINGS]: () => ok([]),
  [LOOKUP]: () => ok([{ xuHao: '塔吊', selContent: '塔吊' }, { xuHao: '升降机', selContent: '升降机' }]),
  [PROJECTS]: () => ok([{ projectPosInfo: { id: '11', projectName: '南充人民医院项目', projectNo: 'P11' }, status: 3, address: '', lng: 0, lat: 0, companyId: 'c1', areaCode: '' }]),
};

async function renderPage() {
  const { page, entity } = await loadTemplatePage();
  renderEngine(<ListPage page={page} entity={entity} />);
  await screen.findByText('塔吊巡检表1');
}

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

describe('generated list page (inspection template)', { timeout: 30_000 }, () => {
  it('renders rows with 序号, column titles and the §9 pager; 序号 continues on page 2', async () => {
    const fetch = stubFetch(baseRoutes);
    await renderPage();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(0, 4)).toEqual(['序号', '设备类型', '模板表名称', '模板描述']);
    expect(screen.getByText('共 23 条')).toBeTruthy();
    const first = fetch.callsTo('GET', '/prod-api/api/RoutInspContent/WherePageList')[0];
    expect(first.query.get('index')).toBe('0');
    expect(first.query.get('size')).toBe('10');
    await userEvent.click(screen.getByTitle('2'));
    await screen.findByText('塔吊巡检表11');
    const firstRow = screen.getByText('塔吊巡检表11').closest('tr') as HTMLElement;
    expect(within(firstRow).getAllByRole('cell')[0].textContent).toBe('11');
    expect(fetch.callsTo('GET', '/prod-api/api/RoutInspContent/WherePageList').at(-1)?.query.get('index')).toBe('1');
  });

  it('sends search fields as plain filters (JSON text)', async () => {
    const fetch = stubFetch(baseRoutes);
    await renderPage();
    await userEvent.type(screen.getByPlaceholderText('请输入模板名称'), '塔吊');
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(fetch.callsTo('GET', '/prod-api/api/RoutInspContent/WherePageList').length).toBeGreaterThan(1));
    const last = fetch.callsTo('GET', '/prod-api/api/RoutInspContent/WherePageList').at(-1);
    expect(JSON.parse(last?.query.get('filters') ?? '[]')).toEqual([{ field: 'contentName', operator: 'contains', value: '塔吊' }]);
  });

  it('add dialog: titled 新建模板, §5.1 messages in order on an empty submit', async () => {
    stubFetch(baseRoutes);
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: /新建模板/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新建模板')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await within(dialog).findByText('请输入模板名称');
    const errors = Array.from(dialog.querySelectorAll('.ant-formily-item-error-help')).map((e) => e.textContent);
    expect(errors).toEqual(['请选择设备类型', '请选择项目名称', '请输入模板描述', '请输入模板名称']);
  });

  it('add: the question editor (添加检查分类) edits the list; the value goes out as JSON text; 提交成功 closes and reloads', async () => {
    const fetch = stubFetch({ ...baseRoutes, [CREATE]: () => ok({ id: '99' }) });
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: /新建模板/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getAllByRole('combobox')[0]);
    await userEvent.click(await screen.findByTitle('升降机'));
    await userEvent.click(within(dialog).getAllByRole('combobox')[1]);
    await userEvent.click(await screen.findByTitle('南充人民医院项目'));
    await userEvent.type(within(dialog).getByPlaceholderText('请输入模板描述'), '升降机日常巡检');
    await userEvent.type(within(dialog).getByPlaceholderText('请输入模板名称'), '升降机巡检表');
    await userEvent.click(within(dialog).getAllByRole('button', { name: /添加检查分类/ })[0]);
    await userEvent.type(within(dialog).getByPlaceholderText('如：安全装置'), '安全装置');
    const listCalls = fetch.callsTo('GET', '/prod-api/api/RoutInspContent/WherePageList').length;
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('提交成功');
    const body = fetch.callsTo('POST', '/prod-api/api/RoutInspContent/CreateContent')[0].body ?? {};
    expect(body).toMatchObject({ deviceType: '升降机', projectId: '11', description: '升降机日常巡检', contentName: '升降机巡检表', questionType: 1, questionLimit: 0 });
    expect(typeof body.otherList).toBe('string');
    expect(JSON.parse(String(body.otherList))).toEqual([{ typeName: '安全装置', content: [] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(fetch.callsTo('GET', '/prod-api/api/RoutInspContent/WherePageList').length).toBeGreaterThan(listCalls));
  });

  it('add failure shows 新增模板失败 with the server detail and keeps the dialog', async () => {
    stubFetch({ ...baseRoutes, [CREATE]: () => ({ status: 0, detail: '模板名称不能超过100个字' }) });
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: /新建模板/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getAllByRole('combobox')[0]);
    await userEvent.click(await screen.findByTitle('塔吊'));
    await userEvent.click(within(dialog).getAllByRole('combobox')[1]);
    await userEvent.click(await screen.findByTitle('南充人民医院项目'));
    await userEvent.type(within(dialog).getByPlaceholderText('请输入模板描述'), '描述');
    await userEvent.type(within(dialog).getByPlaceholderText('请输入模板名称'), '名称');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('新增模板失败：模板名称不能超过100个字');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('edit dialog: titled 编辑模板, loads the detail first and parses the question list', async () => {
    const fetch = stubFetch({ ...baseRoutes, [DETAIL]: () => ok(templateRow(3)) });
    await renderPage();
    const row = screen.getByText('塔吊巡检表3').closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑模板')).toBeTruthy();
    await waitFor(() => expect((within(dialog).getByPlaceholderText('请输入模板名称') as HTMLInputElement).value).toBe('塔吊巡检表3'));
    expect(fetch.callsTo('GET', '/prod-api/api/RoutInspContent/GetContentDetail')[0].query.get('rec_id')).toBe('3');
    expect((within(dialog).getByDisplayValue('安全装置') as HTMLInputElement).placeholder).toBe('如：安全装置');
  });

  it('detail dialog 模板详情 shows the question list read pretty', async () => {
    stubFetch({ ...baseRoutes, [DETAIL]: () => ok(templateRow(2)) });
    await renderPage();
    const row = screen.getByText('塔吊巡检表2').closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /查\s*看/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('模板详情')).toBeTruthy();
    await within(dialog).findByText('限位器是否灵敏');
    expect(within(dialog).getByText('南充人民医院项目')).toBeTruthy();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
  });

  it('delete: confirm 提示 with the page text; cancel → 已取消删除; confirm → 删除成功! and reload', async () => {
    const fetch = stubFetch({ ...baseRoutes, [DELETE]: () => ok(null) });
    await renderPage();
    const row = () => screen.getByText('塔吊巡检表4').closest('tr') as HTMLElement;
    await userEvent.click(within(row()).getByRole('button', { name: /删\s*除/ }));
    const confirm = await screen.findByText('此操作将永久删除该设备, 是否继续?');
    const box = confirm.closest('.ant-modal-confirm') as HTMLElement;
    expect(box.querySelector('.ant-modal-confirm-title')?.textContent).toBe('提示');
    await userEvent.click(within(box).getByRole('button', { name: /取\s*消/ }));
    await screen.findByText('已取消删除');
    expect(fetch.callsTo('GET', '/prod-api/api/RoutInspContent/ModifyIfDel')).toHaveLength(0);

    await userEvent.click(within(row()).getByRole('button', { name: /删\s*除/ }));
    const again = (await screen.findAllByText('此操作将永久删除该设备, 是否继续?')).at(-1)?.closest('.ant-modal-confirm') as HTMLElement;
    const listCalls = fetch.callsTo('GET', '/prod-api/api/RoutInspContent/WherePageList').length;
    await userEvent.click(within(again).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('删除成功!');
    const del = fetch.callsTo('GET', '/prod-api/api/RoutInspContent/ModifyIfDel')[0];
    expect(del.query.get('rec_id')).toBe('4');
    expect(del.query.get('if_del')).toBe('1');
    await waitFor(() => expect(fetch.callsTo('GET', '/prod-api/api/RoutInspContent/WherePageList').length).toBeGreaterThan(listCalls));
  });
});
