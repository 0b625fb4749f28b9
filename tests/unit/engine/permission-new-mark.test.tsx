// The 新 mark of the role editor (PermissionTree `newField`): nodes added to the menu after the role was
// last saved (the role's `newNodes`) carry a 新 tag; the others do not. Field actions show their Chinese title.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { expandSource, type MenuSourceNode } from '../../../common/menu-tree';
import { PermissionTree } from '../../../src/engine/components/PermissionTree';
import { newNodeIds, toPermissionNodes } from '../../../src/engine/components/permission-tree';
import { ok, stubFetch } from '../features/fetchStub';
import { renderEngine } from './engine-fixtures';

const SOURCE: MenuSourceNode[] = [
  {
    id: 'personnel', path: 'personnel', title: '劳务实名制', functionType: 0,
    children: [
      { id: 'personnel.data', path: 'data', title: '花名册', view: 'page:worker', functionType: 0, actions: ['search', 'viewIdNumber'], actionTitles: { viewIdNumber: '查看身份证号' } },
    ],
  },
];
const tree = expandSource(SOURCE);

afterEach(() => vi.unstubAllGlobals());

describe('新 mark of new menu nodes', { timeout: 20_000 }, () => {
  it('marks exactly the new nodes, read from JSON text or an array', () => {
    const nodes = toPermissionNodes(tree, newNodeIds('["personnel.data:viewIdNumber"]'));
    const data = nodes[0].children[0];
    expect(data.children.map((c) => [c.title, c.isNew])).toEqual([['查询', false], ['查看身份证号', true]]);
    expect(data.isNew).toBe(false);
    expect(newNodeIds(['a'])).toEqual(new Set(['a']));
    expect(newNodeIds('not json')).toEqual(new Set());
  });

  it('draws a 新 tag beside the new node in the editor', async () => {
    stubFetch({ 'GET /prod-api/api/Menu/GetGrantableTree': () => ok(tree) });
    const form = createForm({ initialValues: { grants: ['personnel', 'personnel.data'], newNodes: '["personnel.data:viewIdNumber"]' } });
    renderEngine(
      <FormProvider form={form}>
        <Field name="grants" component={[PermissionTree, { newField: 'newNodes' }]} />
      </FormProvider>,
    );
    // The matrix: 查看身份证号 is a column; the new action's cell carries the tag.
    await screen.findByText('查看身份证号');
    const cell = screen.getByRole('checkbox', { name: /^(?!全选列).*查看身份证号$/ }).closest('td');
    expect(cell?.querySelector('.engine-permission-new')?.textContent).toBe('新');
    expect(document.querySelectorAll('.engine-permission-new')).toHaveLength(1);
  });
});
