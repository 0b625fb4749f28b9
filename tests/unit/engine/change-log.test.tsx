// 变更记录 (docs/metadata.md "Audit trail"): every detail dialog has the tab; opening it reads
// ChangeLog for the record and shows time, user, action and each field as old → new (labels where the
// server gave them, a password only as 已修改).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expandSource } from '../../../common/menu-tree';
import { PAGE_LOADERS } from '../../../src/engine/generated/page-registry';
import { dictionaries } from '../../../src/engine/dictionary/dictionaries';
import { ListPage } from '../../../src/engine/page/ListPage';
import { changeText } from '../../../src/engine/page/ChangeLog';
import { sessionStore } from '../../../src/lib/session/store';
import { ok, stubFetch } from '../features/fetchStub';
import { loginResult, MENU_SOURCE } from '../support/session';
import { pageInfo, renderEngine } from './engine-fixtures';

const NOTICE = { id: '5', title: '停电通知', content: '周六停电', publisher: '内江建工集团有限公司', publishedAt: '2026-11-20 09:00:00' };
const LOG = [
  {
    id: '12', at: '2026-11-21 10:00:00', userName: '李明（qiye01）', address: '10.0.0.1', action: 'update',
    changes: [{ field: 'title', title: '公告标题', old: '停电', new: '停电通知' }],
  },
  { id: '11', at: '2026-11-20 09:00:00', userName: '李明（qiye01）', address: '10.0.0.1', action: 'create', changes: [{ field: 'title', title: '公告标题', old: null, new: '停电' }] },
];

afterEach(() => vi.unstubAllGlobals());

describe('变更记录 tab of the detail dialog', { timeout: 30_000 }, () => {
  it('reads ChangeLog for the record when opened and shows each change as old → new', async () => {
    dictionaries.clear();
    sessionStore.set({ token: 'acc-1', userInfo: loginResult(), menu: expandSource(MENU_SOURCE) });
    const fetch = stubFetch({
      'GET /prod-api/api/ColumnSetting/Get': () => ok([]),
      'GET /prod-api/api/SysNotice/WherePageList': () => ok([NOTICE], pageInfo(0, 10, 1)),
      'GET /prod-api/api/SysNotice/GetDetail': () => ok(NOTICE),
      'GET /prod-api/api/SysNotice/ChangeLog': () => ok(LOG),
    });
    const { page, entity, related } = await PAGE_LOADERS.sysNotice();
    renderEngine(<ListPage page={page} entity={entity} related={related} />);
    const row = (await screen.findByText('停电通知')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: '查看' }));
    const dialog = await screen.findByRole('dialog');
    // The details first; the log is read only when its tab opens.
    expect(fetch.callsTo('GET', '/prod-api/api/SysNotice/ChangeLog')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('tab', { name: '变更记录' }));
    await within(dialog).findByText('2026-11-21 10:00:00');
    expect(fetch.callsTo('GET', '/prod-api/api/SysNotice/ChangeLog')[0].query.get('rec_id')).toBe('5');
    expect(within(dialog).getByText('修改')).toBeTruthy();
    expect(within(dialog).getByText('新增')).toBeTruthy();
    const items = () => Array.from(dialog.querySelectorAll('.engine-change-list li')).map((li) => li.textContent);
    await waitFor(() => expect(items()).toEqual(['公告标题：停电 → 停电通知', '公告标题：空 → 停电']));
  });

  it('writes a password as 已修改, a code by its label and links as added and removed', () => {
    expect(changeText({ field: 'password', title: '登录密码', writeOnly: true })).toBe('已修改');
    expect(changeText({ field: 'auditStatus', title: '审核状态', old: 2, new: 3, oldLabel: '审核通过', newLabel: '审核驳回' })).toBe('审核通过 → 审核驳回');
    expect(changeText({ field: 'roles', title: '组内角色', added: ['3'], removed: ['4', '5'] })).toBe('添加 3；移除 4、5');
  });
});
