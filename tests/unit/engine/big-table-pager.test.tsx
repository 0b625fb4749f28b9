// The generic pager over a big table: 约 N 条 for an estimated total, next / previous by the server's
// cursor (pageInfo.next / prev), any other jump by index alone.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListPage } from '../../../src/engine/page/ListPage';
import { cursorFor, totalText } from '../../../src/engine/page/page-cursor';
import { ok, stubFetch } from '../features/fetchStub';
import { loadTemplatePage, pageInfo, renderEngine, signIn, templateRow } from './engine-fixtures';

const LIST = 'GET /prod-api/api/RoutInspContent/WherePageList';
const TOTAL = 1_000_000;

const bigPage = (index: number, size: number) =>
  ok(
    Array.from({ length: size }, (_, i) => templateRow(index * size + i + 1)),
    { ...pageInfo(index, size, TOTAL), estimated: true, next: `next-of-${index}`, prev: `prev-of-${index}` },
  );

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

describe('page cursor', () => {
  const info = { ...pageInfo(3, 10, 100), next: 'n3', prev: 'p3' };
  it('reads the neighbour pages by cursor and jumps by index', () => {
    expect(cursorFor({ index: 3, size: 10 }, info, 4, 10)).toEqual({ after: 'n3' });
    expect(cursorFor({ index: 3, size: 10 }, info, 2, 10)).toEqual({ before: 'p3' });
    expect(cursorFor({ index: 3, size: 10 }, info, 7, 10)).toEqual({});
    expect(cursorFor({ index: 3, size: 10 }, info, 4, 20)).toEqual({});
    // A stale page (another index shown than the data's) never lends its cursor.
    expect(cursorFor({ index: 2, size: 10 }, info, 3, 10)).toEqual({});
    expect(cursorFor({ index: 1, size: 10 }, { ...pageInfo(1, 10, 100), prev: 'p1' }, 0, 10)).toEqual({});
  });

  it('says 约 for an estimate', () => {
    expect(totalText(TOTAL, true)).toBe('约 1,000,000 条');
    expect(totalText(23, false)).toBe('共 23 条');
  });
});

describe('generated list page over a big table', { timeout: 30_000 }, () => {
  it('shows 约 1,000,000 条 and pages next / previous by cursor, jumps by index', async () => {
    const fetch = stubFetch({
      [LIST]: (c: { query: URLSearchParams }) => bigPage(Number(c.query.get('index')), Number(c.query.get('size'))),
      'GET /prod-api/api/ColumnSetting/Get': () => ok([]),
      'POST /prod-api/api/SelectTableField/WhereMulSelectList': () => ok([]),
    });
    const { page, entity } = await loadTemplatePage();
    renderEngine(<ListPage page={page} entity={entity} />);
    await screen.findByText('塔吊巡检表1');
    expect(screen.getByText('约 1,000,000 条')).toBeTruthy();
    const calls = () => fetch.callsTo('GET', '/prod-api/api/RoutInspContent/WherePageList');

    await userEvent.click(screen.getByTitle('2'));
    await screen.findByText('塔吊巡检表11');
    expect(calls().at(-1)?.query.get('index')).toBe('1');
    expect(calls().at(-1)?.query.get('after')).toBe('next-of-0');

    await userEvent.click(screen.getByTitle('3'));
    await screen.findByText('塔吊巡检表21');
    expect(calls().at(-1)?.query.get('after')).toBe('next-of-1');

    await userEvent.click(screen.getByTitle('2'));
    await screen.findByText('塔吊巡检表11');
    expect(calls().at(-1)?.query.get('index')).toBe('1');
    expect(calls().at(-1)?.query.get('before')).toBe('prev-of-2');

    await userEvent.click(screen.getByTitle('5'));
    await screen.findByText('塔吊巡检表41');
    expect(calls().at(-1)?.query.get('index')).toBe('4');
    expect(calls().at(-1)?.query.has('after')).toBe(false);
    expect(calls().at(-1)?.query.has('before')).toBe(false);
  });
});
