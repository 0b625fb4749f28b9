// The role editor's rules (src/engine/components/permission-tree.ts, §6 page → group → buttons): checking
// a node grants it with its ancestors and everything below; unchecking takes it and everything below
// away, and an emptied container goes too; nodes outside the editor's tree stay untouched.
import { describe, expect, it } from 'vitest';
import { expandSource, filterByGrants, hasPermission, type MenuSourceNode } from '../../../common/menu-tree';
import { filterMatrix, grantAll, grantNone, grantOnly, grantState, rowIds, toggleGrant, toggleGrants, toPermissionMatrix, toPermissionNodes } from '../../../src/engine/components/permission-tree';

const SOURCE: MenuSourceNode[] = [
  { id: 'home', path: 'backHome', title: '首页', view: 'home/BackHome', functionType: 0 },
  {
    id: 'deviceManagement', path: 'deviceManagement', title: '设备管理', functionType: 0,
    children: [
      {
        id: 'deviceLedger', path: 'deviceLedger', title: '设备台账', functionType: 0,
        children: [
          { id: 'deviceLedger.deviceType', path: 'deviceType', title: '设备类型', view: 'page:deviceType', functionType: 0, actions: ['search', 'add', 'delete'] },
          { id: 'deviceLedger.routInspManage', path: 'routInspManage', title: '巡检设备', view: 'page:routInspManage', functionType: 0, actions: ['search', 'audit'] },
        ],
      },
    ],
  },
];
const tree = expandSource(SOURCE);
const sorted = (ids: string[]) => [...ids].sort();

describe('permission tree', () => {
  it('titles buttons with the §6 names in Chinese', () => {
    const nodes = toPermissionNodes(tree);
    const deviceType = nodes[1].children[0].children[0];
    expect(deviceType.title).toBe('设备类型');
    expect(deviceType.children.map((c) => c.title)).toEqual(['查询', '新增', '删除']);
    expect(nodes[1].children[0].children[1].children.map((c) => c.title)).toEqual(['查询', '审核']);
  });

  it('checking a page grants its buttons and ancestors, and the filtered menu then holds them', () => {
    const grants = toggleGrant(tree, ['home'], 'deviceLedger.deviceType', true);
    expect(sorted(grants)).toEqual(
      sorted(['home', 'deviceManagement', 'deviceLedger', 'deviceLedger.deviceType', 'deviceLedger.deviceType:search', 'deviceLedger.deviceType:add', 'deviceLedger.deviceType:delete']),
    );
    const menu = filterByGrants(tree, new Set(grants));
    expect(hasPermission(menu, 'deviceLedger', 'deviceType', 'delete')).toBe(true);
  });

  it('unchecking 删除 takes only that button away; the page keeps its other buttons', () => {
    const full = toggleGrant(tree, [], 'deviceManagement', true);
    const without = toggleGrant(tree, full, 'deviceLedger.deviceType:delete', false);
    const menu = filterByGrants(tree, new Set(without));
    expect(hasPermission(menu, 'deviceLedger', 'deviceType', 'delete')).toBe(false);
    expect(hasPermission(menu, 'deviceLedger', 'deviceType', 'add')).toBe(true);
    expect(without).toContain('deviceLedger.deviceType');
  });

  it('a page may stay with no button; a container with nothing checked below goes', () => {
    let grants = toggleGrant(tree, [], 'deviceLedger.routInspManage', true);
    grants = toggleGrant(tree, grants, 'deviceLedger.routInspManage:search', false);
    grants = toggleGrant(tree, grants, 'deviceLedger.routInspManage:audit', false);
    expect(sorted(grants)).toEqual(sorted(['deviceManagement', 'deviceLedger', 'deviceLedger.routInspManage']));
    grants = toggleGrant(tree, grants, 'deviceLedger.routInspManage', false);
    expect(grants).toEqual([]);
  });

  it('keeps grants outside the editor’s tree through every change, 全选 and 清空', () => {
    const foreign = 'userManage.role:edit';
    expect(toggleGrant(tree, [foreign], 'home', true)).toContain(foreign);
    expect(toggleGrant(tree, [foreign, 'home'], 'home', false)).toEqual([foreign]);
    const all = grantAll(tree, [foreign]);
    expect(all).toContain(foreign);
    expect(all).toContain('deviceLedger.routInspManage:audit');
    expect(grantNone(tree, all)).toEqual([foreign]);
    expect(toggleGrant(tree, [foreign], 'no.such.node', true)).toEqual([foreign]);
  });
});

describe('permission matrix', () => {
  it('has areas of pages as rows and the §6 actions as ordered columns', () => {
    const m = toPermissionMatrix(tree);
    expect(m.areas.map((a) => [a.title, a.rows.map((r) => [r.trail.join('/'), r.title])])).toEqual([
      ['首页', [['', '首页']]],
      ['设备管理', [['设备台账', '设备类型'], ['设备台账', '巡检设备']]],
    ]);
    expect(m.columns.map((c) => c.title)).toEqual(['查询', '新增', '删除', '审核']);
    expect(m.areas[1].rows[0].actions.delete).toBe('deviceLedger.deviceType:delete');
  });

  it('page access alone, a column, a row and an area follow the tree rules', () => {
    const m = toPermissionMatrix(tree);
    const [deviceType, rout] = m.areas[1].rows;
    expect(sorted(grantOnly(tree, [], deviceType.id))).toEqual(['deviceLedger', 'deviceLedger.deviceType', 'deviceManagement']);
    const column = toggleGrants(tree, [], [deviceType.actions.search, rout.actions.search], true);
    expect(column).toEqual(expect.arrayContaining(['deviceLedger.deviceType:search', 'deviceLedger.routInspManage:search', 'deviceLedger.deviceType']));
    expect(column).not.toContain('deviceLedger.deviceType:delete');
    const area = toggleGrants(tree, [], m.areas[1].rows.map((r) => r.id), true);
    expect(grantState(new Set(area), m.areas[1].rows.flatMap(rowIds))).toBe('all');
    const less = toggleGrant(tree, area, deviceType.actions.delete, false);
    expect(grantState(new Set(less), rowIds(deviceType))).toBe('some');
    expect(toggleGrants(tree, area, m.areas[1].rows.map((r) => r.id), false)).toEqual([]);
  });

  it('search keeps matching pages, or a whole matching area', () => {
    const m = toPermissionMatrix(tree);
    expect(filterMatrix(m, '巡检').flatMap((a) => a.rows.map((r) => r.title))).toEqual(['巡检设备']);
    expect(filterMatrix(m, '设备管理').flatMap((a) => a.rows.map((r) => r.title))).toEqual(['设备类型', '巡检设备']);
    expect(filterMatrix(m, '没有')).toEqual([]);
  });
});
