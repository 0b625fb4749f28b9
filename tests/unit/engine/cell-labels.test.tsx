// List cells of project and company fields show the name the server answered in the row's `labels`
// (docs/metadata.md "Labels"), never the raw id and never with a request per cell; company names are cut
// at 10 characters with the whole name in a tooltip (§5.6, display `companyName`).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EntitySchema, PageSchema } from '../../../common/metadata';
import { ListPage } from '../../../src/engine/page/ListPage';
import { ok, stubFetch } from '../features/fetchStub';
import { pageInfo, renderEngine, signIn } from './engine-fixtures';

const entity: EntitySchema = {
  name: 'Device',
  title: '设备',
  table: 'device',
  api: { base: 'Device' },
  permission: { page: 'deviceManage', group: 'Maintenance/template' },
  scope: 'company',
  fields: [
    { name: 'id', type: 'id', title: '编号' },
    { name: 'deviceName', type: 'string', title: '设备名称' },
    { name: 'projectId', type: 'project', title: '所属项目' },
    { name: 'companyId', type: 'company', title: '使用单位' },
    { name: 'ownerName', type: 'string', title: '产权单位' },
  ],
};

const page: PageSchema = {
  name: 'device',
  title: '设备',
  entity: 'Device',
  list: {
    serial: false,
    columns: [{ field: 'deviceName' }, { field: 'projectId' }, { field: 'companyId' }, { field: 'ownerName', display: 'companyName' }],
  },
};

const LONG = '四川省内江市建筑工程集团有限公司';

const rows = [
  { id: '1', deviceName: '塔吊一号', projectId: '8', companyId: '3', ownerName: LONG, labels: { projectId: '南京江北新区项目', companyId: '蜀建集团' } },
  { id: '2', deviceName: '塔吊二号', projectId: '9', companyId: null, ownerName: '短名公司', labels: {} },
];

const cellsOf = (name: string) => within(screen.getByText(name).closest('tr') as HTMLElement).getAllByRole('cell').map((c) => c.textContent);

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

describe('list cells of labelled fields', () => {
  it('show the project and company names of `labels`, with one list request and none per cell', async () => {
    const fetch = stubFetch({
      'GET /prod-api/api/Device/WherePageList': () => ok(rows, pageInfo(0, 10, 2)),
      'GET /prod-api/api/ColumnSetting/Get': () => ok([]),
    });
    renderEngine(<ListPage page={page} entity={entity} />);
    await screen.findByText('塔吊一号');
    expect(cellsOf('塔吊一号').slice(0, 3)).toEqual(['塔吊一号', '南京江北新区项目', '蜀建集团']);
    // Without a label (a project the server could not name) the id stays visible rather than a blank.
    expect(cellsOf('塔吊二号').slice(0, 3)).toEqual(['塔吊二号', '9', '']);
    expect(fetch.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(['GET /prod-api/api/ColumnSetting/Get', 'GET /prod-api/api/Device/WherePageList']);
  });

  it('cut company names at 10 characters with the whole name in a tooltip; short names stay whole', async () => {
    stubFetch({
      'GET /prod-api/api/Device/WherePageList': () => ok(rows, pageInfo(0, 10, 2)),
      'GET /prod-api/api/ColumnSetting/Get': () => ok([]),
    });
    renderEngine(<ListPage page={page} entity={entity} />);
    await screen.findByText('塔吊一号');
    expect(cellsOf('塔吊一号')[3]).toBe('四川省内江市建筑工程…');
    expect(cellsOf('塔吊二号')[3]).toBe('短名公司');
    await userEvent.hover(screen.getByText('四川省内江市建筑工程…'));
    expect((await screen.findByRole('tooltip')).textContent).toBe(LONG);
  });
});
