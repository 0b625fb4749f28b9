// 花名册 (§2.4 /LargeScreen/EnterpriseScreen/roster) over a stubbed Roster call: a page of 15 workers with
// masked id card numbers (§5.6) and today's presence, the figures from two one-row calls, paging by hand
// and by itself (paused under the pointer), search and 仅看在场 sent to the server, the previous page kept
// while the next loads, the server's refusal shown in the panel.
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { RosterRow } from '../../../common/screens/roster';
import { json, queryOf, stubFetch, type FetchCall } from '../support/strict';
import { flush } from './support/scheduler';
import { mountScreen, refuseWith, screenQuery, setUpScreenTests } from './support/screen';

const { RosterScreen } = await import('../../../src/features/large-screen/screens/enterprise/roster/RosterScreen');

const URL_PATH = '/prod-api/api/TyScreen/Roster';
const IN_TIME = '2026-11-20T23:16:00.000Z';

const worker = (i: number): RosterRow => ({
  id: String(i),
  projectId: '1',
  projectName: '甜城湖片区棚户区改造项目',
  workerName: `工人${i}`,
  // The server masks; one unmasked number shows the browser masks too.
  idCardNo: i === 1 ? '511002199001011234' : '5110**********3799',
  gender: '1',
  genderName: '男',
  jobType: '01',
  jobTypeName: '钢筋工',
  personType: '1020',
  personTypeName: '建筑工人',
  teamName: i % 2 ? '钢筋一班' : '木工二班',
  unitName: '四川蜀道路桥劳务有限公司',
  entryDate: '2025-04-26',
  attendedToday: i <= 20,
  onSite: i <= 12,
  inTime: i <= 20 ? IN_TIME : null,
});

const WORKERS = Array.from({ length: 40 }, (_, i) => worker(i + 1));

/** The Roster call as the server answers it: filter, page, pageInfo. */
function rosterReply(call: FetchCall): Response {
  const q = queryOf(call.url);
  const index = Number(q.get('index'));
  const size = Number(q.get('size'));
  const keyword = q.get('keyword') ?? '';
  const rows = WORKERS.filter((w) => (q.get('onSite') === 'true' ? w.onSite : true)).filter((w) => !keyword || w.workerName.includes(keyword) || w.teamName.includes(keyword));
  const page = rows.slice(index * size, index * size + size);
  return json({
    status: 1,
    detail: '',
    data: page,
    pageInfo: { has_next: (index + 1) * size < rows.length, has_prev: index > 0, p_index: index, p_size: size, record_count: rows.length },
  });
}

const table = () => screen.getByRole('table', { name: '花名册' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const pageCalls = (calls: FetchCall[]) => calls.map((c) => queryOf(c.url)).filter((q) => q.get('size') !== '1');
const figure = (label: string) => within(screen.getByRole('group', { name: '关键指标' })).getByRole('group', { name: label }).getAttribute('data-value');

setUpScreenTests();

const renderScreen = (pjctid1?: string) => mountScreen(<RosterScreen path="/LargeScreen/EnterpriseScreen/roster" query={screenQuery(pjctid1)} />);

describe('花名册 screen', () => {
  it('shows the first page of 15 with masked id numbers and presence, and the figures', async () => {
    const calls = stubFetch([{ method: 'GET', path: URL_PATH, reply: rosterReply }]);
    await renderScreen('1');
    const first = pageCalls(calls)[0];
    expect([first.get('index'), first.get('size'), first.get('pjctid1'), first.get('keyword'), first.get('onSite')]).toEqual(['0', '15', '1', null, null]);
    // The figures: everyone (size 1) and those on site (size 1, onSite).
    const counts = calls.map((c) => queryOf(c.url)).filter((q) => q.get('size') === '1');
    expect(counts.map((q) => q.get('onSite'))).toEqual([null, 'true']);
    expect([figure('在册人数'), figure('当前在场'), figure('在场率'), figure('查询结果')]).toEqual(['40', '12', '30', '40']);

    expect(screen.getByRole('region', { name: '花名册' }).getAttribute('data-state')).toBe('ready');
    const rows = bodyRows();
    expect(rows).toHaveLength(15);
    expect(rows[0].textContent).toContain('1工人1男5110**********1234');
    expect(rows[0].textContent).not.toContain('511002199001011234');
    expect(rows[0].textContent).toContain('在场 07:16进场'); // 23:16 UTC is 07:16 China time
    expect(rows[0].textContent).toContain('已出勤');
    expect(screen.getByRole('navigation', { name: '翻页' }).textContent).toContain('第 1 / 3 页');
    expect(screen.getByRole('button', { name: '上一页' })).toHaveProperty('disabled', true);
  });

  it('下一页 asks for the next page and keeps the current one on the wall until it arrives', async () => {
    let release: (() => void) | undefined;
    const calls = stubFetch([
      {
        method: 'GET',
        path: URL_PATH,
        reply: (call) =>
          queryOf(call.url).get('index') === '1'
            ? new Promise<Response>((resolve) => {
                release = () => resolve(rosterReply(call));
              })
            : rosterReply(call),
      },
    ]);
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await act(flush);
    expect(pageCalls(calls).at(-1)?.get('index')).toBe('1');
    expect(screen.getByRole('region', { name: '花名册' }).getAttribute('data-state')).toBe('ready');
    expect(bodyRows()[0].textContent).toContain('工人1');
    await act(async () => {
      release?.();
      await flush();
    });
    await act(flush);
    expect(bodyRows()[0].textContent).toMatch(/^16工人16/);
    expect(screen.getByRole('navigation', { name: '翻页' }).textContent).toContain('第 2 / 3 页');
    expect(screen.getByRole('button', { name: '上一页' })).toHaveProperty('disabled', false);
  });

  it('searches by name or team and filters to those on site, from the first page', async () => {
    const calls = stubFetch([{ method: 'GET', path: URL_PATH, reply: rosterReply }]);
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await act(flush);
    const box = screen.getByRole('searchbox', { name: '姓名或班组' });
    expect(box.getAttribute('maxlength')).toBe('16');
    fireEvent.change(box, { target: { value: ' 木工二班 ' } });
    fireEvent.submit(screen.getByRole('search', { name: '搜索花名册' }));
    await act(flush);
    const searched = pageCalls(calls).at(-1)!;
    expect([searched.get('keyword'), searched.get('index')]).toEqual(['木工二班', '0']);
    expect(bodyRows()).toHaveLength(15);
    expect(bodyRows().every((r) => r.textContent?.includes('木工二班'))).toBe(true);
    expect(figure('查询结果')).toBe('20');

    fireEvent.click(screen.getByRole('button', { name: '仅看在场' }));
    await act(flush);
    expect(screen.getByRole('button', { name: '仅看在场' }).getAttribute('aria-pressed')).toBe('true');
    const onSite = pageCalls(calls).at(-1)!;
    expect([onSite.get('onSite'), onSite.get('keyword'), onSite.get('index')]).toEqual(['true', '木工二班', '0']);
    expect(bodyRows()).toHaveLength(6);
    expect(figure('查询结果')).toBe('6');

    // Nobody matches: 暂无数据; clearing the box shows everyone on site again.
    fireEvent.change(box, { target: { value: '张三' } });
    fireEvent.submit(screen.getByRole('search', { name: '搜索花名册' }));
    await act(flush);
    expect(screen.getByRole('region', { name: '花名册' }).textContent).toContain('暂无数据');
    fireEvent.change(box, { target: { value: '' } });
    await act(flush);
    expect(pageCalls(calls).at(-1)!.get('keyword')).toBeNull();
    expect(bodyRows()).toHaveLength(12);
  });

  it('turns the pages by itself, back to the first after the last, not while the pointer is over it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const calls = stubFetch([{ method: 'GET', path: URL_PATH, reply: rosterReply }]);
    await renderScreen();
    const turn = async () => {
      act(() => vi.advanceTimersByTime(15_000));
      await act(flush);
      await act(flush);
    };
    await turn();
    expect(pageCalls(calls).at(-1)?.get('index')).toBe('1');
    await turn();
    expect(pageCalls(calls).at(-1)?.get('index')).toBe('2');
    expect(bodyRows()).toHaveLength(10);
    await turn();
    expect(screen.getByRole('navigation', { name: '翻页' }).textContent).toContain('第 1 / 3 页');
    const asked = pageCalls(calls).length;
    fireEvent.mouseEnter(table().closest('.ro-main')!);
    act(() => vi.advanceTimersByTime(60_000));
    await act(flush);
    expect(pageCalls(calls).length).toBe(asked);
    expect(screen.getByRole('navigation', { name: '翻页' }).textContent).toContain('第 1 / 3 页');
  });

  it('a refusal shows the server text in the panel and no figures', async () => {
    refuseWith(URL_PATH, '项目不存在或不在您的权限范围内');
    await renderScreen('99');
    const panel = screen.getByRole('region', { name: '花名册' });
    expect(panel.getAttribute('data-state')).toBe('error');
    expect(panel.textContent).toContain('项目不存在或不在您的权限范围内');
    expect(figure('在册人数')).toBe('');
  });
});
