import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useUnreadNoticeCount } from '../../../src/features/notices/useUnreadNoticeCount';
import { renderFeature } from './renderFeature';
import { ok, stubFetch } from './fetchStub';

const LIST = '/prod-api/api/SysNotice/GetSysNoticeList';

function Badge() {
  const { count } = useUnreadNoticeCount();
  return <span>未读 {count} 条</span>;
}
function Refresher() {
  const { refresh } = useUnreadNoticeCount();
  return <button onClick={refresh}>刷新</button>;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('useUnreadNoticeCount (§7.3)', () => {
  it('counts the unread list of index 0, size 500, sysNoticeIsRead 0 and stores it in isSysNoticeIsRead', async () => {
    const { callsTo } = stubFetch({ [`GET ${LIST}`]: () => ok([{ id: 'a' }, { id: 'b' }, { id: 'c' }]) });
    renderFeature(<Badge />);
    expect(await screen.findByText('未读 3 条')).toBeTruthy();
    const q = callsTo('GET', LIST)[0].query;
    expect([q.get('index'), q.get('size'), q.get('sysNoticeIsRead')]).toEqual(['0', '500', '0']);
    await waitFor(() => expect(localStorage.getItem('isSysNoticeIsRead')).toBe('3'));
  });

  it('shows the stored count until the server answers', async () => {
    localStorage.setItem('isSysNoticeIsRead', '7');
    let answer: (v: unknown) => void = () => {};
    stubFetch({ [`GET ${LIST}`]: () => ok([]) });
    const pending = new Promise((r) => (answer = r));
    vi.stubGlobal('fetch', vi.fn(async () => {
      await pending;
      return new Response(JSON.stringify(ok([{ id: 'x' }])), { headers: { 'Content-Type': 'application/json' } });
    }));
    renderFeature(<Badge />);
    expect(screen.getByText('未读 7 条')).toBeTruthy();
    answer(null);
    expect(await screen.findByText('未读 1 条')).toBeTruthy();
  });

  it('refresh() anywhere updates every badge sharing the key', async () => {
    let unread = [{ id: 'a' }, { id: 'b' }];
    const { callsTo } = stubFetch({ [`GET ${LIST}`]: () => ok(unread) });
    const user = userEvent.setup();
    renderFeature(
      <>
        <Badge />
        <Refresher />
      </>,
    );
    expect(await screen.findByText('未读 2 条')).toBeTruthy();
    const before = callsTo('GET', LIST).length;

    unread = [{ id: 'a' }];
    await user.click(screen.getByRole('button', { name: '刷新' }));
    expect(await screen.findByText('未读 1 条')).toBeTruthy();
    expect(callsTo('GET', LIST).length).toBeGreaterThan(before);
    await waitFor(() => expect(localStorage.getItem('isSysNoticeIsRead')).toBe('1'));
  });
});
