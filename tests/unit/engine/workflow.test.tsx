// The browser side of workflows on the real 工资发放 page: states as coloured tags, row actions only for
// the transitions allowed from the row's state and held by the role, the transition dialog built from
// the schema (required reason, confirm text, version sent), the batch result, the history timeline and
// the edit dialog's version and stale-version message.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expandSource, type MenuSourceNode } from '../../../common/menu-tree';
import type { EntityWorkflow } from '../../../common/metadata';
import { BatchResult } from '../../../src/engine/components/BatchResult';
import { createDataProvider } from '../../../src/engine/data/data-provider';
import { dictionaries } from '../../../src/engine/dictionary/dictionaries';
import { PAGE_LOADERS } from '../../../src/engine/generated/page-registry';
import { ListPage } from '../../../src/engine/page/ListPage';
import { RecordDialog } from '../../../src/engine/page/RecordDialog';
import { HistoryTimeline } from '../../../src/engine/workflow/HistoryTimeline';
import { mostTransitions, rowActionInState, transitionsFrom } from '../../../src/engine/workflow/workflow-model';
import { sessionStore } from '../../../src/lib/session/store';
import { ok, stubFetch } from '../features/fetchStub';
import { loginResult, MENU_SOURCE } from '../support/session';
import { pageInfo, renderEngine } from './engine-fixtures';

const BASE = '/prod-api/api/Payroll';
const LIST = `GET ${BASE}/WherePageList`;
const TRANSITION = `POST ${BASE}/Transition`;
const MULTI = `POST ${BASE}/MultiTransition`;

function signIn(actions: string[]): void {
  dictionaries.clear();
  const walk = (nodes: MenuSourceNode[]): MenuSourceNode[] =>
    nodes.map((n) => ({ ...n, ...(n.id === 'personnel.payroll' ? { actions } : {}), children: n.children ? walk(n.children) : undefined }));
  sessionStore.set({ token: 'acc-1', userInfo: loginResult(), menu: expandSource(walk(MENU_SOURCE)) });
}

const batch = (id: number, auditStatus: string, over: Record<string, unknown> = {}) => ({
  id: String(id),
  projectId: '11',
  payMonth: `2026-0${id}`,
  unitName: `劳务公司${id}`,
  workerCount: 10,
  totalAmount: 1000,
  paidAmount: 1000,
  fundsStatus: '1',
  auditStatus,
  rejectReason: null,
  version: 4,
  labels: { projectId: '南充人民医院项目' },
  ...over,
});

const ROWS = [batch(1, '1'), batch(2, '2'), batch(3, '3')];

const routes = {
  [LIST]: () => ok(ROWS, pageInfo(0, 10, ROWS.length)),
  'GET /prod-api/api/ColumnSetting/Get': () => ok([]),
  'GET /prod-api/api/SysDictionary/GetListByType': () => ok([]),
  'GET /prod-api/api/Project/WhereProjectList': () => ok([]),
};

async function renderPayroll(actions: string[]) {
  signIn(actions);
  const { page, entity } = await PAGE_LOADERS.payroll();
  renderEngine(<ListPage page={page} entity={entity} />);
  await screen.findByText('劳务公司1');
  return { page, entity };
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const buttonsOf = (text: string) => within(rowOf(text)).queryAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''));

afterEach(() => vi.unstubAllGlobals());

describe('workflow model', () => {
  const wf: EntityWorkflow = {
    field: 's',
    states: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }, { value: 'c', label: 'C', final: true }],
    transitions: [
      { name: 'go', label: '去', from: ['a'], to: 'b', action: 'audit' },
      { name: 'back', label: '回', from: ['a', 'b'], to: 'a', action: 'edit' },
      { name: 'end', label: '完', from: ['b'], to: 'c', action: 'delivery' },
    ],
  };
  it('offers the transitions allowed from the state and held by the role', () => {
    expect(transitionsFrom(wf, 'a', () => true).map((t) => t.name)).toEqual(['go', 'back']);
    expect(transitionsFrom(wf, 'a', (a) => a !== 'audit').map((t) => t.name)).toEqual(['back']);
    expect(transitionsFrom(wf, 'c', () => true)).toEqual([]);
    expect(mostTransitions(wf)).toBe(2);
  });

  it('offers 编辑 and 删除 only in the states editableIn / deletableIn name (any state without them)', () => {
    const limited = { ...wf, editableIn: ['a'], deletableIn: ['a', 'c'] };
    expect(['a', 'b', 'c'].map((s) => rowActionInState(limited, 'edit', s))).toEqual([true, false, false]);
    expect(['a', 'b', 'c'].map((s) => rowActionInState(limited, 'delete', s))).toEqual([true, false, true]);
    expect(rowActionInState(limited, 'view', 'b')).toBe(true);
    expect(rowActionInState(wf, 'edit', 'c')).toBe(true);
    expect(rowActionInState(undefined, 'delete', 'x')).toBe(true);
  });
});

describe('工资发放 as a workflow', { timeout: 120_000 }, () => {
  it('shows the state as a coloured tag and only the transitions allowed from each row’s state', async () => {
    stubFetch(routes);
    await renderPayroll(['search', 'edit', 'audit']);
    const tag = within(rowOf('劳务公司1')).getByText('未审核');
    expect(tag.className).toContain('ant-tag-blue');
    expect(within(rowOf('劳务公司2')).getByText('审核通过').className).toContain('ant-tag-green');
    expect(buttonsOf('劳务公司1')).toEqual(expect.arrayContaining(['审核通过', '驳回']));
    expect(buttonsOf('劳务公司1')).not.toContain('重新提交');
    // 审核通过 is final: no control for any move.
    expect(buttonsOf('劳务公司2')).not.toContain('驳回');
    expect(buttonsOf('劳务公司2')).not.toContain('审核通过');
    expect(buttonsOf('劳务公司3')).toContain('重新提交');
    expect(buttonsOf('劳务公司3')).not.toContain('驳回');
  });

  it('hides the transitions whose button the role does not hold', async () => {
    stubFetch(routes);
    await renderPayroll(['search', 'edit']);
    expect(buttonsOf('劳务公司1')).not.toContain('驳回');
    expect(buttonsOf('劳务公司1')).not.toContain('审核通过');
    expect(buttonsOf('劳务公司3')).toContain('重新提交');
    expect(screen.queryByText('批量驳回')).toBeNull();
  });

  it('asks for the required reason before a 驳回 and sends the row’s version', async () => {
    const fetch = stubFetch({ ...routes, [TRANSITION]: () => ok(batch(1, '3')) });
    await renderPayroll(['search', 'edit', 'audit']);
    await userEvent.click(within(rowOf('劳务公司1')).getByRole('button', { name: /驳\s*回/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('驳回后请修改后重新提交。')).toBeTruthy();
    expect(within(dialog).getByText('未审核')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入驳回原因')).toBeTruthy();
    expect(fetch.callsTo('POST', `${BASE}/Transition`)).toHaveLength(0);
    await userEvent.type(within(dialog).getAllByRole('textbox')[0], '人数不符');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fetch.callsTo('POST', `${BASE}/Transition`)).toHaveLength(1));
    expect(fetch.callsTo('POST', `${BASE}/Transition`)[0].body).toMatchObject({ rec_id: '1', transition: 'reject', version: 4, rejectReason: '人数不符' });
    expect(await screen.findByText('驳回成功')).toBeTruthy();
  });

  it('runs a batch transition on the selected rows and shows 成功 N 条，失败 M 条 with each reason', async () => {
    const fetch = stubFetch({
      ...routes,
      [MULTI]: () => ok({ results: [{ id: '1', ok: true, message: '操作成功' }, { id: '2', ok: false, message: '当前状态“审核通过”不能执行“审核通过”' }], succeeded: 1, failed: 1 }),
    });
    await renderPayroll(['search', 'edit', 'audit']);
    const approveAll = screen.getByRole('button', { name: '批量审核通过' });
    expect((approveAll as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(rowOf('劳务公司1')).getByRole('checkbox'));
    await userEvent.click(within(rowOf('劳务公司2')).getByRole('checkbox'));
    await userEvent.click(approveAll);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('已选择 2 条记录')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('成功 1 条，失败 1 条')).toBeTruthy();
    expect(screen.getByText('当前状态“审核通过”不能执行“审核通过”')).toBeTruthy();
    expect(screen.getByText('2026-02（编号 2）')).toBeTruthy();
    expect(fetch.callsTo('POST', `${BASE}/MultiTransition`)[0].body).toMatchObject({ ids: ['1', '2'], transition: 'approve' });
  });
});

describe('workflow parts', { timeout: 30_000 }, () => {
  it('BatchResult shows the summary and each failure', () => {
    renderEngine(<BatchResult results={[{ id: '7', ok: false, message: '记录不存在或无权访问' }, { id: '8', ok: true, message: '操作成功' }]} succeeded={1} failed={1} />);
    expect(screen.getByText('成功 1 条，失败 1 条')).toBeTruthy();
    expect(screen.getByText('编号 7')).toBeTruthy();
    expect(screen.getByText('记录不存在或无权访问')).toBeTruthy();
    expect(screen.queryByText('编号 8')).toBeNull();
  });

  it('HistoryTimeline draws each move: who, when, the states, the reason and the comment', async () => {
    signIn(['search']);
    const { entity } = await PAGE_LOADERS.payroll();
    stubFetch({
      [`GET ${BASE}/History`]: () =>
        ok([
          { id: '1', transition: 'reject', label: '驳回', from: '1', fromLabel: '未审核', to: '3', toLabel: '审核驳回', fields: { rejectReason: '人数不符' }, comment: '请核对', userName: '李明', time: '2026-11-25 10:00:00' },
        ]),
    });
    renderEngine(<HistoryTimeline entity={entity} provider={createDataProvider(entity)} id="1" />);
    expect(await screen.findByText('李明 · 2026-11-25 10:00:00')).toBeTruthy();
    expect(screen.getByText('驳回原因')).toBeTruthy();
    expect(screen.getByText('人数不符')).toBeTruthy();
    expect(screen.getByText('备注：请核对')).toBeTruthy();
    expect(document.querySelector('.ant-timeline-item')).toBeTruthy();
  });

  it('the edit dialog sends the version back and shows the stale-version message', async () => {
    signIn(['search', 'edit']);
    const { page, entity } = await PAGE_LOADERS.payroll();
    const fetch = stubFetch({
      ...routes,
      [`GET ${BASE}/GetDetail`]: () => ok(batch(1, '1')),
      [`POST ${BASE}/ModifyModel`]: () => ({ status: 0, detail: '数据已被他人修改，请刷新后重试' }),
    });
    renderEngine(<RecordDialog page={page} entity={entity} provider={createDataProvider(entity)} id="1" onClose={() => {}} onSaved={() => {}} />);
    await screen.findByDisplayValue('劳务公司1');
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('修改发放批次失败：数据已被他人修改，请刷新后重试')).toBeTruthy();
    expect(fetch.callsTo('POST', `${BASE}/ModifyModel`)[0].body).toMatchObject({ rec_id: '1', version: 4 });
  });
});
