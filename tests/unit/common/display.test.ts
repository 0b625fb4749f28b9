import { describe, expect, it } from 'vitest';
import { formatMoney, maskIdNumber, maskMobile, truncate } from '../../../common/display';
import { maskPersonal, personalMask } from '../../../common/metadata/field-access';
import { buildTree, pathTo } from '../../../common/tree';
import { pageInfoOf } from '../../../common/envelope';

describe('display rules of §5.6 and §9', () => {
  it('masks an ID number keeping the first 4 and last 4', () => {
    expect(maskIdNumber('51100219900101123X')).toBe('5110**********123X');
    expect(maskIdNumber('')).toBe('');
  });
  it('masks a mobile number as 138****1234, and a masked value stays as it is (personal data, issue 23)', () => {
    expect(maskMobile('13812341234')).toBe('138****1234');
    expect(maskMobile('138****1234')).toBe('138****1234');
    expect(maskMobile('')).toBe('');
    expect(personalMask({ format: 'mobile' })).toBe('mobile');
    expect(personalMask({ mask: 'idNumber' })).toBe('idNumber');
    expect(personalMask({ format: 'plate' })).toBeUndefined();
    expect(maskPersonal('idNumber', maskIdNumber('51100219900101123X'))).toBe('5110**********123X');
    expect(maskPersonal('mobile', null)).toBeNull();
  });
  it('truncates with an ellipsis', () => {
    expect(truncate('内江建工集团有限公司第一分公司', 10)).toBe('内江建工集团有限公司…');
    expect(truncate('内江建工', 10)).toBe('内江建工');
  });
  it('formats money in 元, 万 and 亿', () => {
    expect(formatMoney(950)).toBe('950.00元');
    expect(formatMoney(125_000)).toBe('12.50万');
    expect(formatMoney(320_000_000)).toBe('3.20亿');
  });
});

describe('trees from flat lists by id and pId (§3.4)', () => {
  const flat = [
    { id: 1, pId: null, name: '集团' },
    { id: 2, pId: 1, name: '一公司' },
    { id: 3, pId: 2, name: '项目部' },
    { id: 4, pId: 99, name: '孤儿' },
  ];
  it('nests children and keeps orphans as roots', () => {
    const tree = buildTree(flat);
    expect(tree.map((n) => n.name)).toEqual(['集团', '孤儿']);
    expect(tree[0].children?.[0].children?.[0]).toMatchObject({ name: '项目部' });
  });
  it('can use subs as the children key', () => {
    expect(buildTree(flat, 'subs')[0].subs).toHaveLength(1);
  });
  it('gives the path from the root', () => {
    expect(pathTo(flat, 3)).toEqual(['1', '2', '3']);
  });
});

describe('page info (§3.4)', () => {
  it('is zero-based', () => {
    expect(pageInfoOf(0, 10, 25)).toEqual({ has_next: true, has_prev: false, p_index: 0, p_size: 10, record_count: 25 });
    expect(pageInfoOf(2, 10, 25)).toMatchObject({ has_next: false, has_prev: true });
  });
});
