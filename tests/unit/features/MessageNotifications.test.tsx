import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SysNotice } from '../../../common/wire';
import type { MenuNode } from '../../../common/menu-tree';
import { sessionStore } from '../../../src/lib/session/store';
import { MessageNotifications } from '../../../src/features/notices/MessageNotifications';
import { renderFeature } from './renderFeature';
import { ok, stubFetch, type StubCall } from './fetchStub';

const LIST = '/prod-api/api/SysNotice/GetSysNoticeList';
const INFO = '/prod-api/api/SysNotice/GetSysNoticeInfo';
const READ = '/prod-api/api/SysNotice/UpdateSysNoticeIsRead';
const DEL = '/prod-api/api/SysNotice/DelSysNotice';

const notice = (id: string, title: string, isRead: 0 | 1): SysNotice => ({
  id,
  title,
  content: `${title}的正文内容`,
  publisher: '系统管理员',
  publishTime: '2024-05-0' + id + ' 09:30:00',
  isRead,
});

/** A small server: the notices live in memory so read and delete change what the list returns. */
function noticeServer(initial: SysNotice[]) {
  let notices = [...initial];
  const list = (c: StubCall) => {
    const index = Number(c.query.get('index'));
    const size = Number(c.query.get('size'));
    const filter = c.query.get('sysNoticeIsRead') ?? '';
    const rows = notices.filter((n) => filter === '' || String(n.isRead) === filter);
    const page = rows.slice(index * size, index * size + size);
    return ok(page, { has_next: false, has_prev: index > 0, p_index: index, p_size: size, record_count: rows.length });
  };
  return stubFetch({
    [`GET ${LIST}`]: list,
    [`GET ${INFO}`]: (c) => ok(notices.find((n) => n.id === c.query.get('id'))),
    [`POST ${READ}`]: (c) => {
      notices = notices.map((n) => (n.id === c.body?.id ? { ...n, isRead: 1 } : n));
      return ok(null);
    },
    [`POST ${DEL}`]: (c) => {
      notices = notices.filter((n) => n.id !== c.body?.id);
      return ok(null);
    },
  });
}

const unreadCalls = (calls: StubCall[]) =>
  calls.filter((c) => c.path === LIST && c.query.get('size') === '500' && c.query.get('sysNoticeIsRead') === '0');

const node = (id: string, path: string, children: MenuNode[] = [], isButton = false): MenuNode => ({
  id, path, title: path, icon: '', view: '', functionType: 0, hidden: false, isButton, children,
});
/** The permission tree with 删除 granted on the notices page (§6). */
const menuWithDelete = [
  node('MessageNotification', 'MessageNotification', [
    node('MessageNotification.list', 'MessageNotifications', [node('MessageNotification.list:delete', 'delete', [], true)]),
  ]),
];

beforeEach(() => {
  localStorage.clear();
  sessionStore.set({ menu: menuWithDelete });
});
afterEach(() => vi.unstubAllGlobals());

describe('MessageNotifications', () => {
  it('lists the notices with serial number, publisher, time and read state', async () => {
    const { calls } = noticeServer([notice('1', '安全生产月通知', 0), notice('2', '系统升级公告', 1)]);
    renderFeature(<MessageNotifications />);

    const row = (await screen.findByText('安全生产月通知')).closest('tr')!;
    expect(within(row).getByText('1')).toBeTruthy();
    expect(within(row).getByText('系统管理员')).toBeTruthy();
    expect(within(row).getByText('2024-05-01 09:30:00')).toBeTruthy();
    expect(within(row).getByText('未读')).toBeTruthy();
    const other = screen.getByText('系统升级公告').closest('tr')!;
    expect(within(other).getByText('已读')).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();

    const first = calls.find((c) => c.path === LIST && c.query.get('size') === '10')!;
    expect(first.query.get('index')).toBe('0');
    expect(first.query.get('sysNoticeIsRead')).toBe('');
  });

  it('filters by the 未读 and 已读 tabs', async () => {
    const { calls } = noticeServer([notice('1', '安全生产月通知', 0), notice('2', '系统升级公告', 1)]);
    const user = userEvent.setup();
    renderFeature(<MessageNotifications />);
    await screen.findByText('系统升级公告');

    await user.click(screen.getByRole('tab', { name: /未读/ }));
    await waitFor(() => expect(screen.queryByText('系统升级公告')).toBeNull());
    expect(screen.getByText('安全生产月通知')).toBeTruthy();
    expect(calls.some((c) => c.query.get('size') === '10' && c.query.get('sysNoticeIsRead') === '0')).toBe(true);

    await user.click(screen.getByRole('tab', { name: '已读' }));
    await waitFor(() => expect(screen.queryByText('安全生产月通知')).toBeNull());
    expect(screen.getByText('系统升级公告')).toBeTruthy();
  });

  it('查看 opens the detail, marks the notice read and refreshes the unread count', async () => {
    const { calls, callsTo } = noticeServer([notice('1', '安全生产月通知', 0), notice('2', '系统升级公告', 1)]);
    const user = userEvent.setup();
    renderFeature(<MessageNotifications />);
    const row = (await screen.findByText('安全生产月通知')).closest('tr')!;
    await waitFor(() => expect(localStorage.getItem('isSysNoticeIsRead')).toBe('1'));
    const unreadBefore = unreadCalls(calls).length;

    await user.click(within(row).getByRole('button', { name: /查\s*看/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('安全生产月通知的正文内容')).toBeTruthy();
    expect(callsTo('GET', INFO)[0].query.get('id')).toBe('1');
    await waitFor(() => expect(callsTo('POST', READ)).toHaveLength(1));
    expect(callsTo('POST', READ)[0].body).toMatchObject({ id: '1' });

    await waitFor(() => expect(unreadCalls(calls).length).toBeGreaterThan(unreadBefore));
    await waitFor(() => expect(localStorage.getItem('isSysNoticeIsRead')).toBe('0'));
    await waitFor(() => expect(within(screen.getByRole('row', { name: /安全生产月通知/ })).getByText('已读')).toBeTruthy());
  });

  it('查看 on a read notice does not mark it again', async () => {
    const { callsTo } = noticeServer([notice('2', '系统升级公告', 1)]);
    const user = userEvent.setup();
    renderFeature(<MessageNotifications />);
    const row = (await screen.findByText('系统升级公告')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /查\s*看/ }));
    expect(await screen.findByText('系统升级公告的正文内容')).toBeTruthy();
    expect(callsTo('POST', READ)).toHaveLength(0);
  });

  it('删除 asks 提示 with 确定/取消, deletes on 确定 and shows 删除成功!', async () => {
    const { calls, callsTo } = noticeServer([notice('1', '安全生产月通知', 0), notice('2', '系统升级公告', 1)]);
    const user = userEvent.setup();
    renderFeature(<MessageNotifications />);
    const row = (await screen.findByText('安全生产月通知')).closest('tr')!;
    const unreadBefore = unreadCalls(calls).length;

    await user.click(within(row).getByRole('button', { name: /删\s*除/ }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText('提示').length).toBeGreaterThan(0);
    expect(within(confirm).getByText(/此操作将永久删除/)).toBeTruthy();
    expect(within(confirm).getByRole('button', { name: /取\s*消/ })).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));

    expect(await screen.findByText('删除成功!')).toBeTruthy();
    expect(callsTo('POST', DEL)[0].body).toMatchObject({ id: '1' });
    await waitFor(() => expect(screen.queryByText('安全生产月通知')).toBeNull());
    await waitFor(() => expect(unreadCalls(calls).length).toBeGreaterThan(unreadBefore));
    await waitFor(() => expect(localStorage.getItem('isSysNoticeIsRead')).toBe('0'));
  });

  it('取消 keeps the notice and sends nothing', async () => {
    const { callsTo } = noticeServer([notice('1', '安全生产月通知', 0)]);
    const user = userEvent.setup();
    renderFeature(<MessageNotifications />);
    const row = (await screen.findByText('安全生产月通知')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /删\s*除/ }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: /取\s*消/ }));
    expect(await screen.findByText('已取消删除')).toBeTruthy();
    expect(callsTo('POST', DEL)).toHaveLength(0);
    expect(screen.getByText('安全生产月通知')).toBeTruthy();
  });

  it('hides 删除 when the permission tree does not grant it', async () => {
    noticeServer([notice('1', '安全生产月通知', 0)]);
    sessionStore.set({ menu: [node('MessageNotification', 'MessageNotification', [node('MessageNotification.list', 'MessageNotifications')])] });
    renderFeature(<MessageNotifications />);
    const row = (await screen.findByText('安全生产月通知')).closest('tr')!;
    expect(within(row).getByRole('button', { name: /查\s*看/ })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });

  it('shows the server refusal when the list cannot be read', async () => {
    stubFetch({ [`GET ${LIST}`]: () => ({ status: 0, detail: '没有查询通知的权限' }) });
    renderFeature(<MessageNotifications />);
    expect((await screen.findAllByText('没有查询通知的权限')).length).toBeGreaterThan(0);
  });
});
