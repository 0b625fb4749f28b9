// The pure parts of the generated list's table: widths by type, the row actions' order, the delete
// question, the address-bar state and the 合计 texts.
import { describe, expect, it } from 'vitest';
import type { EntityField } from '../../../common/metadata';
import { columnWidth, textWidth, titleWidth } from '../../../src/engine/page/column-widths';
import { readListUrl, writeListUrl } from '../../../src/engine/page/list-url';
import { deleteText } from '../../../src/engine/page/ListPage';
import { moveColumn } from '../../../src/engine/page/ColumnSettingsButton';
import { bySide, orderedRowActions } from '../../../src/engine/page/table-columns';
import type { SettledColumn } from '../../../src/engine/page/column-settings';

const field = (over: Partial<EntityField>): EntityField => ({ name: 'f', type: 'string', title: '字段', ...over });

describe('column widths by type', () => {
  it('gives dates, datetimes, ID numbers, money and phones room for their values', () => {
    expect(columnWidth(field({ type: 'date' }), 'date', '进场日期', false, 60)).toBeGreaterThanOrEqual(110);
    expect(columnWidth(field({ type: 'datetime' }), 'datetime', '时间', false)).toBeGreaterThanOrEqual(170);
    expect(columnWidth(field({}), 'maskId', '身份证号', false, 100)).toBeGreaterThanOrEqual(180);
    expect(columnWidth(field({ type: 'money' }), 'money', '金额', false)).toBeGreaterThanOrEqual(110);
    expect(columnWidth(field({ format: 'mobile' }), 'text', '手机号码', false, 90)).toBeGreaterThanOrEqual(125);
  });

  it('never less than the title on one line, with room for the sorter', () => {
    expect(textWidth('审核状态')).toBe(56);
    expect(textWidth('ID')).toBe(16);
    const title = '资金到账状态';
    expect(columnWidth(field({ dictionary: { type: 'x' } }), 'dict', title, true, 60)).toBe(titleWidth(title, true));
    expect(titleWidth(title, true)).toBeGreaterThan(titleWidth(title, false));
  });

  it('keeps a wider width of the schema or the user', () => {
    expect(columnWidth(field({}), 'text', '备注', false, 420)).toBe(420);
  });
});

describe('row actions and columns', () => {
  it('orders row actions 查看 编辑 … 删除 whatever the schema lists', () => {
    expect(orderedRowActions(['view', 'delete', 'edit'])).toEqual(['view', 'edit', 'delete']);
    expect(orderedRowActions(['delete', 'workflow', 'audit', 'view'])).toEqual(['view', 'audit', 'workflow', 'delete']);
  });

  it('puts pinned-left columns first and pinned-right ones last, keeping the rest in order', () => {
    const c = (field: string, fixed?: 'left' | 'right'): SettledColumn => ({ field, visible: true, ...(fixed ? { fixed } : {}) });
    expect(bySide([c('a'), c('b', 'right'), c('c'), c('d', 'left')]).map((x) => x.field)).toEqual(['d', 'a', 'c', 'b']);
  });

  it('moves a dragged column to where it was dropped', () => {
    expect(moveColumn(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveColumn(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
  });

  it('names the record in the delete question; a page text without {name} stays as it is', () => {
    expect(deleteText('确定删除"{name}"吗？', '张三')).toBe('确定删除"张三"吗？');
    expect(deleteText('确定删除"{name}"吗？', '')).toBe('确定删除"该记录"吗？');
    expect(deleteText('此操作将永久删除该设备, 是否继续?', '张三')).toBe('此操作将永久删除该设备, 是否继续?');
  });
});

describe('the list in the address bar', () => {
  const sizes = [10, 20, 50];
  it('writes only what differs from the defaults and keeps other parameters', () => {
    const search = writeListUrl('?tab=1', { index: 2, size: 20, sort: 'payMonth:desc', keyword: '王', filters: [{ field: 'name', operator: 'contains', value: '王' }, { field: 'x', operator: 'eq', value: '' }] }, 10);
    const q = new URLSearchParams(search);
    expect(q.get('tab')).toBe('1');
    expect(q.get('page')).toBe('3');
    expect(q.get('size')).toBe('20');
    expect(q.get('sort')).toBe('payMonth:desc');
    expect(JSON.parse(q.get('filters')!)).toEqual([{ field: 'name', operator: 'contains', value: '王' }]);
    expect(writeListUrl('', { index: 0, size: 10, filters: [] }, 10)).toBe('');
  });

  it('reads back what it wrote', () => {
    const state = { index: 1, size: 50, sort: 'amount:asc', keyword: 'k', filters: [{ field: 'd', operator: 'between' as const, value: ['2025-01-01', '2025-01-31'] }] };
    expect(readListUrl(writeListUrl('', state, 10), sizes)).toEqual(state);
  });

  it('ignores what does not parse: a size the list does not offer, a sort that is not field:order, broken filters', () => {
    expect(readListUrl('?size=33&sort=1;drop&page=-1&filters=%5Bnot', sizes)).toEqual({});
    expect(readListUrl('?filters=' + encodeURIComponent(JSON.stringify([{ field: 'a', operator: 'like', value: 1 }])), sizes)).toEqual({});
  });
});
