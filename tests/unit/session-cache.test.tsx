// One SWR cache per session shared by the providers mounted in turn (src/lib/session/SessionCache.tsx): a
// provider mounted in place of another (the layout remounted after a menu refresh) keeps working and
// sees what the first one cached.
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import useSWR from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { SessionCache } from '../../src/lib/session/SessionCache';

function Reader({ fetcher }: { fetcher: () => Promise<string> }) {
  const { data } = useSWR('session-cache-test', fetcher, { dedupingInterval: 0, revalidateOnFocus: false });
  const [, rerender] = useState(0);
  return (
    <button type="button" onClick={() => rerender((n) => n + 1)}>
      {data ?? '加载中'}
    </button>
  );
}

describe('SessionCache', () => {
  it('keeps a provider mounted in place of another working, with the cached data', async () => {
    const fetcher = vi.fn(async () => '第一次');
    const { rerender } = render(
      <SessionCache key="a">
        <Reader fetcher={fetcher} />
      </SessionCache>,
    );
    expect(await screen.findByText('第一次')).toBeTruthy();
    // A new provider replaces the old one (another key remounts the subtree); the old one unmounts after.
    const later = vi.fn(async () => '第二次');
    rerender(
      <SessionCache key="b">
        <Reader fetcher={later} />
      </SessionCache>,
    );
    // Shown from the shared cache at once, then read again.
    expect(screen.getByRole('button').textContent).toMatch(/第一次|第二次/);
    expect(await screen.findByText('第二次')).toBeTruthy();
    // Rendering again after the old provider is gone must not fail (it threw "undefined is not iterable").
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('第二次');
  });
});
