import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  expandSource, filterByGrants, hasPermission, menuForFunctionType, normalizeWire, toLoginForm, toSwitchForm,
  type MenuSourceNode,
} from '../../../common/menu-tree';

const source = (JSON.parse(readFileSync('schemas/menus.json', 'utf8')) as { menus: MenuSourceNode[] }).menus;
const full = expandSource(source);

describe('menu and permission tree (§2.1, §3.2, §6)', () => {
  it('survives both wire forms unchanged', () => {
    expect(normalizeWire(toLoginForm(full))).toEqual(normalizeWire(toSwitchForm(full)));
    expect(normalizeWire(toLoginForm(full))).toEqual(JSON.parse(JSON.stringify(full)));
  });

  it('grants buttons one by one and keeps ancestors', () => {
    const viewer = filterByGrants(full, new Set(['deviceManage.template', 'deviceManage.template:search']));
    expect(viewer.map((n) => n.id)).toEqual(['deviceManagement']);
    expect(hasPermission(viewer, 'deviceManage', 'Maintenance/template', 'search')).toBe(true);
    expect(hasPermission(viewer, 'deviceManage', 'Maintenance/template', 'add')).toBe(false);
    expect(hasPermission(full, 'deviceManage', 'Maintenance/template', 'add')).toBe(true);
  });

  it("grants everything with '*'", () => {
    expect(filterByGrants(full, new Set(['*']))).toEqual(full);
  });

  it('filters by function type and always keeps 我的账户 and 消息通知', () => {
    const screen = menuForFunctionType(full, 1).map((n) => n.title);
    expect(screen).toEqual(['我的账户', '消息通知', '数据大屏']);
    const backend = menuForFunctionType(full, 0).map((n) => n.title);
    expect(backend).not.toContain('数据大屏');
    expect(backend).toContain('首页');
  });

  it('reads hidden from IsShowStr 否 and from isShow ≠ 1', () => {
    const [login] = normalizeWire([{ ...toLoginForm(full)[0], IsShowStr: '否' }]);
    const [sw] = normalizeWire([{ ...toSwitchForm(full)[0], isShow: 0 }]);
    expect(login.hidden).toBe(true);
    expect(sw.hidden).toBe(true);
  });
});

describe('menu aliases (§2.5 back-office addresses)', () => {
  it('grants an alias with its target, never by its own id, and keeps it out of the role editor', async () => {
    const { withoutAliases } = await import('../../../common/menu-tree');
    const ids = (nodes: ReturnType<typeof filterByGrants>): string[] => nodes.flatMap((n) => [n.id, ...ids(n.children)]);
    const withTanker = ids(filterByGrants(full, new Set(['concretePlant.car'])));
    expect(withTanker).toContain('carmanage.tankerCar');
    expect(withTanker).not.toContain('intelligent.car');
    const aliasOnly = ids(filterByGrants(full, new Set(['carmanage.tankerCar', 'intelligent.car'])));
    expect(aliasOnly).toEqual([]);
    expect(ids(filterByGrants(full, new Set(['deviceLedger.videoDevice'])))).toContain('intelligent.car');
    expect(ids(withoutAliases(full))).not.toContain('carmanage.tankerCar');
    expect(ids(withoutAliases(full))).toContain('carmanage.vehiclePassage');
  });
});

describe('the §2.5 back offices of the project screens (issue 15)', () => {
  const ids = (nodes: ReturnType<typeof filterByGrants>): string[] => nodes.flatMap((n) => [n.id, ...ids(n.children)]);
  const find = (nodes: ReturnType<typeof filterByGrants>, id: string): ReturnType<typeof filterByGrants>[number] | undefined => {
    for (const n of nodes) {
      if (n.id === id) return n;
      const hit = find(n.children, id);
      if (hit) return hit;
    }
    return undefined;
  };

  it('/projectManage/taskList is 项目进度计划, granted with it', () => {
    expect(find(full, 'projectManage.taskList')?.redirect).toBe('/ProjectSchedules/Projectschedule');
    expect(ids(filterByGrants(full, new Set(['ProjectSchedules.Projectschedule'])))).toContain('projectManage.taskList');
    expect(ids(filterByGrants(full, new Set(['projectManage.crmProject'])))).not.toContain('projectManage.taskList');
  });

  it('/pName/constructionManagement is 项目列表 searched for 在建 projects: the query does not stop the grant', async () => {
    const { aliasTarget } = await import('../../../common/menu-tree');
    const alias = find(full, 'pName.constructionManagement')!;
    expect(aliasTarget(alias)).toBe('/projectmanage/crmproject');
    const query = new URL(alias.redirect!, 'http://x').searchParams;
    expect(JSON.parse(query.get('filters')!)).toEqual([{ field: 'status', operator: 'eq', value: '3' }]);
    const granted = ids(filterByGrants(full, new Set(['projectManage.crmProject'])));
    expect(granted).toEqual(expect.arrayContaining(['pName', 'pName.constructionManagement']));
    expect(ids(filterByGrants(full, new Set(['pName.constructionManagement'])))).toEqual([]);
  });
});
