// The engine capabilities the platform pages brought, on the generated pages themselves against a fetch
// double that throws on any call not stubbed: a tree list (组织机构) with a tree-select parent, the audit
// row action (用户管理, shown only with the audit button), add-only form fields and coded numbers, and the
// related lists of a detail (项目详情: joined users).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expandSource, type MenuSourceNode } from '../../../common/menu-tree';
import { PAGE_LOADERS } from '../../../src/engine/generated/page-registry';
import { dictionaries } from '../../../src/engine/dictionary/dictionaries';
import { ListPage } from '../../../src/engine/page/ListPage';
import { sessionStore } from '../../../src/lib/session/store';
import { ok, stubFetch } from '../features/fetchStub';
import { loginResult, MENU_SOURCE } from '../support/session';
import { pageInfo, renderEngine } from './engine-fixtures';

const SETTINGS = 'GET /prod-api/api/ColumnSetting/Get';
const DICT = 'GET /prod-api/api/SysDictionary/GetListByType';
const ORGS = 'GET /prod-api/api/Org/GetOrgList';
const USERS = 'GET /prod-api/api/ERPUser/QueryUserList';
const ROLES = 'GET /prod-api/api/Role/WherePageList';
/** A reference's options come from the referenced entity's Options endpoint (server/engine/reference-options.ts). */
const ORG_OPTIONS = 'GET /prod-api/api/Org/Options';
const ROLE_OPTIONS = 'GET /prod-api/api/Role/Options';

const CODES: Record<string, Array<[string, string]>> = {
  companyType: [['9', '总承包单位'], ['1', '专业分包'], ['13', '商品混凝土站']],
  adminDivision: [['511000', '内江市'], ['511002', '市中区'], ['511011', '东兴区']],
  auditStatus: [['0', '新建'], ['1', '未审核'], ['2', '审核通过'], ['3', '审核驳回']],
  userAuthType: [['0', '企业用户'], ['1', '政府监管'], ['2', '项目用户']],
  projectStatus: [['1', '筹备'], ['3', '在建']],
};
const dict = (c: { query: URLSearchParams }) => ok((CODES[c.query.get('type') ?? ''] ?? []).map(([xuHao, selContent]) => ({ xuHao, selContent })));

const ORG_ROWS = [
  { id: '1', name: '内江建工集团有限公司', parentId: null, companyType: 9, areaCode: '511000', createdAt: '2025-01-06 09:00:00' },
  { id: '2', name: '内江建工路桥工程有限公司', parentId: '1', companyType: 1, areaCode: '511011', createdAt: '2025-01-06 09:00:00' },
  { id: '3', name: '内江建工建筑工程有限公司', parentId: '1', companyType: 9, areaCode: '511002', createdAt: '2025-01-06 09:00:00' },
  { id: '7', name: '建筑第一分公司', parentId: '3', companyType: 9, areaCode: '511002', createdAt: '2025-01-06 09:00:00' },
];
const USER_ROWS = [
  { id: '2', userName: 'qiye01', realName: '李明', mobile: '13890510002', email: '', userAuthType: '0', authAreaCode: '', roleId: 2, departmentName: '工程管理部', auditStatus: 2, createdAt: '', lastLoginAt: '', labels: { roleId: '企业管理员' } },
  { id: '9', userName: 'shenqing01', realName: '何琳', mobile: '13912340001', email: '', userAuthType: '0', authAreaCode: '', roleId: null, departmentName: '', auditStatus: 1, createdAt: '', lastLoginAt: '' },
];

/** The real menu, with the buttons of one page node replaced. */
function signInWith(nodeId: string, actions: string[]): void {
  const walk = (nodes: MenuSourceNode[]): MenuSourceNode[] =>
    nodes.map((n) => ({ ...n, ...(n.id === nodeId ? { actions } : {}), children: n.children ? walk(n.children) : undefined }));
  dictionaries.clear();
  sessionStore.set({ token: 'acc-1', userInfo: loginResult(), menu: expandSource(walk(MENU_SOURCE)) });
}

async function render(name: 'organization' | 'user' | 'project') {
  const { page, entity, related } = await PAGE_LOADERS[name]();
  renderEngine(<ListPage page={page} entity={entity} related={related} />);
}

afterEach(() => vi.unstubAllGlobals());

describe('tree list: 组织机构', { timeout: 30_000 }, () => {
  it('nests rows by parentId (§3.4), fetches them at once and shows no pager', async () => {
    signInWith('projectManage.org', ['search', 'add', 'edit', 'delete']);
    const fetch = stubFetch({ [SETTINGS]: () => ok([]), [DICT]: dict, [ORGS]: () => ok(ORG_ROWS, pageInfo(0, 1000, 4)) });
    await render('organization');
    await screen.findByText('建筑第一分公司');
    expect(fetch.callsTo('GET', '/prod-api/api/Org/GetOrgList')[0].query.get('size')).toBe('1000');
    const level = (name: string) => screen.getByText(name).closest('tr')?.className.match(/ant-table-row-level-(\d)/)?.[1];
    expect([level('内江建工集团有限公司'), level('内江建工建筑工程有限公司'), level('建筑第一分公司')]).toEqual(['0', '1', '2']);
    expect(screen.queryByText(/共 \d+ 条/)).toBeNull();
    expect(screen.queryByText('序号')).toBeNull();
  });

  it('the add dialog picks the parent in a tree select of the units', async () => {
    signInWith('projectManage.org', ['search', 'add', 'edit', 'delete']);
    stubFetch({ [SETTINGS]: () => ok([]), [DICT]: dict, [ORGS]: () => ok(ORG_ROWS, pageInfo(0, 1000, 4)), [ORG_OPTIONS]: () => ok(ORG_ROWS, pageInfo(0, 999, 4)) });
    await render('organization');
    await screen.findByText('建筑第一分公司');
    await userEvent.click(screen.getByRole('button', { name: /新增单位/ }));
    const dialog = await screen.findByRole('dialog');
    const parent = dialog.querySelector('.ant-select.ant-tree-select') as HTMLElement;
    expect(parent).not.toBeNull();
    fireEvent.mouseDown(parent.querySelector('.ant-select-selector') as HTMLElement);
    const tree = await waitFor(() => {
      const t = document.querySelector('.ant-select-tree');
      if (!t) throw new Error('tree not open');
      return t as HTMLElement;
    });
    await within(tree).findByText('内江建工集团有限公司');
    // Nested: a child sits inside an indented tree node below its parent.
    const nodes = Array.from(tree.querySelectorAll('.ant-select-tree-treenode')).map((n) => [n.textContent, n.querySelectorAll('.ant-select-tree-indent-unit').length]);
    expect(nodes).toContainEqual(['内江建工集团有限公司', 0]);
    expect(nodes).toContainEqual(['内江建工建筑工程有限公司', 1]);
  });
});

describe('audit action and add-only fields: 用户管理', { timeout: 30_000 }, () => {
  const routes = () => ({
    [SETTINGS]: () => ok([]),
    [DICT]: dict,
    [USERS]: () => ok(USER_ROWS, pageInfo(0, 10, 2)),
    [ROLES]: () => ok([{ id: '2', name: '企业管理员' }, { id: '3', name: '企业查看员' }], pageInfo(0, 999, 2)),
    [ROLE_OPTIONS]: () => ok([{ id: '2', name: '企业管理员' }, { id: '3', name: '企业查看员' }], pageInfo(0, 999, 2)),
  });

  it('shows 审核 only with the audit button', async () => {
    signInWith('userManage.user', ['search', 'add', 'edit', 'delete']);
    stubFetch(routes());
    await render('user');
    await screen.findByText('shenqing01');
    expect(screen.queryAllByRole('button', { name: '审核' })).toHaveLength(0);
  });

  it('审核 asks for 通过 or 驳回 and posts the chosen code to AuditUser', async () => {
    signInWith('userManage.user', ['search', 'add', 'edit', 'delete', 'audit']);
    const fetch = stubFetch({ ...routes(), 'POST /prod-api/api/ERPUser/AuditUser': () => ok({ ...USER_ROWS[1], auditStatus: 2 }) });
    await render('user');
    const row = (await screen.findByText('shenqing01')).closest('tr') as HTMLElement;
    // The role's name comes from the row's label.
    expect(within(screen.getByText('qiye01').closest('tr') as HTMLElement).getByText('企业管理员')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: '审核' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('审核用户')).toBeTruthy();
    expect(within(dialog).getByText('当前状态：未审核')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /通\s*过/ }));
    await waitFor(() => expect(fetch.callsTo('POST', '/prod-api/api/ERPUser/AuditUser')).toHaveLength(1));
    expect(fetch.callsTo('POST', '/prod-api/api/ERPUser/AuditUser')[0].body).toMatchObject({ rec_id: '9', auditStatus: '2' });
    await screen.findByText('审核成功');
    await waitFor(() => expect(fetch.callsTo('GET', '/prod-api/api/ERPUser/QueryUserList').length).toBeGreaterThan(1));
  });

  it('the password is asked only when adding; editing sends the role as a number and no password', async () => {
    signInWith('userManage.user', ['search', 'add', 'edit', 'delete']);
    const fetch = stubFetch({
      ...routes(),
      'GET /prod-api/api/ERPUser/GetUserDetail': () => ok(USER_ROWS[0]),
      'POST /prod-api/api/ERPUser/editUser': () => ok(USER_ROWS[0]),
    });
    await render('user');
    await screen.findByText('qiye01');
    await userEvent.click(screen.getByRole('button', { name: /新增用户/ }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByPlaceholderText('请输入登录密码，至少6位')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const row = screen.getByText('qiye01').closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: '编辑' }));
    dialog = await screen.findByRole('dialog');
    await within(dialog).findByDisplayValue('李明');
    expect(within(dialog).queryByPlaceholderText('请输入登录密码，至少6位')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fetch.callsTo('POST', '/prod-api/api/ERPUser/editUser')).toHaveLength(1));
    const body = fetch.callsTo('POST', '/prod-api/api/ERPUser/editUser')[0].body!;
    expect(body).not.toHaveProperty('password');
    expect(body).toMatchObject({ rec_id: '2', roleId: 2, realName: '李明' });
  });
});

describe('related lists: 项目详情', { timeout: 30_000 }, () => {
  const PROJECT = {
    id: '1', projectNo: 'NJJG-2024-001', name: '甜城湖片区棚户区改造项目', status: 3, companyId: '3', areaCode: '511002', address: '', lng: 105.05, lat: 29.58,
    startDate: '2024-03-01', endDate: null, builderUnit: '', contractorUnit: '', supervisorUnit: '', managerName: '张伟', createdAt: '', labels: { companyId: '内江建工建筑工程有限公司' },
  };

  it('lists the joined users and adds one with UpdateJoinUser', async () => {
    signInWith('projectManage.crmProject', ['search', 'add', 'edit', 'delete']);
    let joined = [USER_ROWS[0]];
    const fetch = stubFetch({
      [SETTINGS]: () => ok([]),
      [DICT]: dict,
      [ORGS]: () => ok(ORG_ROWS, pageInfo(0, 999, 4)),
      [ORG_OPTIONS]: () => ok(ORG_ROWS, pageInfo(0, 999, 4)),
      'GET /prod-api/api/Project/WherePageList': () => ok([PROJECT], pageInfo(0, 10, 1)),
      'GET /prod-api/api/Project/GetProjectInfo': () => ok(PROJECT),
      'GET /prod-api/api/Project/GetProjectUsers': () => ok(joined),
      'GET /prod-api/api/Project/GetProjectOrgs': () => ok([ORG_ROWS[2]]),
      [USERS]: () => ok(USER_ROWS, pageInfo(0, 999, 2)),
      'GET /prod-api/api/ERPUser/Options': () => ok(USER_ROWS, pageInfo(0, 999, 2)),
      'POST /prod-api/api/Project/UpdateJoinUser': (c) => {
        joined = USER_ROWS.filter((u) => u.id === '2' || (c.body?.add as string[]).includes(u.id));
        return ok(joined);
      },
    });
    await render('project');
    const row = (await screen.findByText('NJJG-2024-001')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: '查看' }));
    const users = await screen.findByRole('region', { name: '项目人员' });
    await within(users).findByText('qiye01');
    expect(within(users).getByText('项目人员（1）')).toBeTruthy();
    const orgs = screen.getByRole('region', { name: '参建单位' });
    await within(orgs).findByText('内江建工建筑工程有限公司');
    expect(fetch.callsTo('GET', '/prod-api/api/Project/GetProjectUsers')[0].query.get('rec_id')).toBe('1');

    fireEvent.mouseDown(within(users).getByRole('combobox'));
    const option = await waitFor(() => {
      const o = Array.from(document.querySelectorAll('.ant-select-item-option')).find((x) => x.textContent === 'shenqing01');
      if (!o) throw new Error('option not there');
      return o as HTMLElement;
    });
    // Already joined users are not offered again.
    expect(Array.from(document.querySelectorAll('.ant-select-item-option')).map((x) => x.textContent)).toEqual(['shenqing01']);
    fireEvent.click(option);
    await userEvent.click(within(users).getByRole('button', { name: /添\s*加/ }));
    await waitFor(() => expect(fetch.callsTo('POST', '/prod-api/api/Project/UpdateJoinUser')).toHaveLength(1));
    expect(fetch.callsTo('POST', '/prod-api/api/Project/UpdateJoinUser')[0].body).toMatchObject({ rec_id: '1', add: ['9'] });
    await within(users).findByText('项目人员（2）');
  });

  it('offers no add or remove without the edit button', async () => {
    signInWith('projectManage.crmProject', ['search']);
    stubFetch({
      [SETTINGS]: () => ok([]),
      [DICT]: dict,
      [ORGS]: () => ok(ORG_ROWS, pageInfo(0, 999, 4)),
      [ORG_OPTIONS]: () => ok(ORG_ROWS, pageInfo(0, 999, 4)),
      'GET /prod-api/api/Project/WherePageList': () => ok([PROJECT], pageInfo(0, 10, 1)),
      'GET /prod-api/api/Project/GetProjectInfo': () => ok(PROJECT),
      'GET /prod-api/api/Project/GetProjectUsers': () => ok([USER_ROWS[0]]),
      'GET /prod-api/api/Project/GetProjectOrgs': () => ok([]),
    });
    await render('project');
    const row = (await screen.findByText('NJJG-2024-001')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: '查看' }));
    const users = await screen.findByRole('region', { name: '项目人员' });
    await within(users).findByText('qiye01');
    expect(within(users).queryByRole('button', { name: /添\s*加/ })).toBeNull();
    expect(within(users).queryByRole('button', { name: '移除' })).toBeNull();
  });
});
