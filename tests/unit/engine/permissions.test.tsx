// §6: toolbar and row actions show only when the session's tree grants them under the page's permission
// node and group; 查看 needs none; the search form needs `search`.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ListPage } from '../../../src/engine/page/ListPage';
import { ok, stubFetch } from '../features/fetchStub';
import { loadTemplatePage, pageInfo, renderEngine, signIn, templateRow } from './engine-fixtures';

const routes = {
  'GET /prod-api/api/RoutInspContent/WherePageList': () => ok([templateRow(1)], pageInfo(0, 10, 1)),
  'GET /prod-api/api/ColumnSetting/Get': () => ok([]),
  'POST /prod-api/api/SelectTableField/WhereMulSelectList': () => ok([]),
};

async function renderWith(actions: string[]) {
  signIn(actions);
  stubFetch(routes);
  const { page, entity } = await loadTemplatePage();
  renderEngine(<ListPage page={page} entity={entity} />);
  await screen.findByText('塔吊巡检表1');
}

afterEach(() => vi.unstubAllGlobals());

describe('permission gating of a generated page', { timeout: 20_000 }, () => {
  it('everything granted: search form, 新建模板, 查看, 编辑, 删除', async () => {
    await renderWith(['search', 'add', 'edit', 'delete']);
    for (const name of [/新建模板/, /查\s*看/, /编\s*辑/, /删\s*除/, /查\s*询/]) expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('view only: no search form, no add, edit or delete; 查看 stays', async () => {
    await renderWith([]);
    expect(screen.queryByRole('button', { name: /新建模板/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /查\s*询/ })).toBeNull();
    expect(screen.getByRole('button', { name: /查\s*看/ })).toBeTruthy();
  });

  it('edit alone shows 编辑 but not 删除 or 新建模板', async () => {
    await renderWith(['search', 'edit']);
    expect(screen.getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新建模板/ })).toBeNull();
  });
});
