// §6: the menu tree of schemas/menus.json filtered by each demo account's role; menus differ per account.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allIds, hasPermission, normalizeWire, type LoginMenuNode, type MenuNode } from '../../common/menu-tree';
import type { CompanySwitchResult, CompanyRef } from '../../common/wire';
import { loadCatalog } from '../../server/platform/catalog';
import { call, PATHS, session, startApp } from './helpers';

let app: FastifyInstance;
const menus = new Map<string, MenuNode[]>();
const catalogIds = allIds(loadCatalog().menu);

beforeAll(async () => {
  app = await startApp();
  for (const user of ['sysadmin', 'qiye01', 'qiye02', 'jianguan01', 'xiangmu01', 'xiangmu02', 'duogongsi']) {
    const { result } = await session(app, user);
    menus.set(user, normalizeWire(JSON.parse(result.MenuPermissions) as LoginMenuNode[]));
  }
});
afterAll(async () => {
  await app.close();
});

const menu = (user: string): MenuNode[] => menus.get(user)!;
const topTitles = (user: string): string[] => menu(user).map((n) => n.title);

describe('menus per account', () => {
  it('gives the system administrator and the full back-office role every node and button', () => {
    expect(allIds(menu('sysadmin')).sort()).toEqual([...catalogIds].sort());
    expect(allIds(menu('qiye01')).sort()).toEqual([...catalogIds].sort());
  });

  it('lets qiye02 view inspection templates but not add, edit or delete them (§6)', () => {
    const tree = menu('qiye02');
    expect(hasPermission(tree, 'deviceManage', 'Maintenance/template', 'search')).toBe(true);
    for (const action of ['add', 'edit', 'delete']) {
      expect(hasPermission(tree, 'deviceManage', 'Maintenance/template', action)).toBe(false);
      expect(hasPermission(menu('qiye01'), 'deviceManage', 'Maintenance/template', action)).toBe(true);
    }
  });

  it('hides 系统管理 from the supervisor and project users', () => {
    for (const user of ['jianguan01', 'xiangmu01', 'xiangmu02']) {
      expect(topTitles(user)).not.toContain('系统管理');
      expect(topTitles(user)).toEqual(expect.arrayContaining(['首页', '我的账户', '消息通知']));
    }
    expect(topTitles('qiye02')).toContain('系统管理');
  });

  it('gives each kind of user its own large screen', () => {
    const screens = (user: string) => menu(user).find((n) => n.title === '数据大屏')?.children.map((c) => c.title) ?? [];
    expect(screens('jianguan01')).toContain('监管大屏');
    expect(screens('xiangmu02')).toEqual(['项目大屏']);
    expect(screens('qiye02')).not.toContain('监管大屏');
  });

  it('makes the seven menus pairwise different', () => {
    const shapes = [...menus.entries()]
      .filter(([user]) => user !== 'sysadmin' && user !== 'duogongsi')
      .map(([, tree]) => JSON.stringify(allIds(tree).sort()));
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it('gives a multi-company user a different menu in each company (switch form)', async () => {
    const { token, result } = await session(app, 'duogongsi');
    const [group, supervision] = JSON.parse(result.Companys) as CompanyRef[];
    const inSupervision = await call<CompanySwitchResult>(app, 'POST', PATHS.switchCompany, { token, body: { company_id: supervision.CompanyID } });
    const inGroup = await call<CompanySwitchResult>(app, 'POST', PATHS.switchCompany, { token, body: { company_id: group.CompanyID } });
    const a = allIds(normalizeWire(inSupervision.body.data!.permissions));
    const b = allIds(normalizeWire(inGroup.body.data!.permissions));
    expect(b.sort()).toEqual([...catalogIds].sort());
    expect(a.length).toBeLessThan(b.length);
    expect(a).toContain('deviceManage.template:search');
    expect(a).not.toContain('deviceManage.template:add');
  });
});
