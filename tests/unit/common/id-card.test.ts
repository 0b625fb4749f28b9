// ID numbers (GB 11643) on public test vectors, with the region code checked against GB/T 2260
// (common/region-codes.ts: every code ever in force, abolished ones included — docs/security-input.md).
import { describe, expect, it } from 'vitest';
import { FORMATS, idCheckDigit, isIdCard, isRegionCode, normaliseFormat, normaliseIdCard } from '../../../common/validators';

/** An 18-character number made by the GB 11643 rule from its first 17 digits (check character computed). */
const made = (first17: string): string => first17 + idCheckDigit(first17);

describe('python-stdnum cn.ric vectors', () => {
  // github:arthurdejong/python-stdnum, tests/test_cn_ric.doctest and the stdnum/cn/ric.py docstring.
  it.each([
    '360426199101010071', // validate()
    '44011320141005001x', // validate(): a lower-case x check character
    '44011320141005001X',
    '110102199101010078', // get_birth_place(): 北京市西城区
    '120110198012010073', // 天津市东郊区, code 120110 before 1991
    '120110199212010072', // the same code as 东丽区 after 1991
  ])('accepts %s', (id) => {
    expect(isIdCard(id)).toBe(true);
  });

  it.each([
    ['990426199112010074', 'unknown birth place code 990426'],
    ['T60426199101010078', 'a letter in the digits'],
    ['360426199113010079', 'month 13'],
    ['36042619910102009X', 'wrong check character'],
  ])('refuses %s (%s)', (id) => {
    expect(isIdCard(id)).toBe(false);
  });

  // stdnum refuses these two because the county's code was not in force in the birth year; this project
  // accepts any code that was ever in force (a number keeps the code of the county that issued it, and a
  // county can issue a number long after the birth): docs/security-input.md "ID numbers".
  it.each([
    ['110111198012010078', '房山区 (110111 from 1986), born 1980'],
    ['110201199312010077', '昌平县 (110201 until 1982), born 1993'],
  ])('accepts %s, which stdnum refuses by birth year (%s)', (id) => {
    expect(isRegionCode(id.slice(0, 6))).toBe(true);
    expect(isIdCard(id)).toBe(true);
  });
});

describe('GB 11643 and any-rule vectors', () => {
  it('accepts the example of GB 11643-1999 born after 1900', () => {
    // GB 11643-1999 公民身份号码, its worked example (北京市朝阳区, 1949-12-31, check X).
    expect(isIdCard('11010519491231002X')).toBe(true);
    expect(idCheckDigit('11010519491231002')).toBe('X');
    // Its other example, 440524188001010014, is born in 1880: this project takes birth dates from 1900 on.
    expect(idCheckDigit('44052418800101001')).toBe('4');
    expect(isIdCard('440524188001010014')).toBe(false);
  });

  it('refuses any-rule’s format-only examples whose region or check character is not real', () => {
    // github:any86/any-rule packages/www/src/RULES.js, 身份证号 examples: its rules check the form only.
    expect(isIdCard('12345619991205131x')).toBe(false); // 123456 is no GB/T 2260 code
    expect(isIdCard('123456991010193')).toBe(false); // first generation, the same region
    expect(isRegionCode('622223')).toBe(true); // 622223199912051311: a real region (民乐县)…
    expect(isIdCard('622223199912051311')).toBe(false); // …but the check character is 5
    expect(isIdCard(made('62222319991205131'))).toBe(true);
  });
});

describe('region codes (GB/T 2260)', () => {
  it.each([
    ['511002', '内江市市中区 (the demo’s area)'],
    ['110105', '北京市朝阳区'],
    ['441900', '东莞市, a prefecture without counties'],
    ['330113', '杭州市临平区, created 2021'],
    ['120110', '天津市东郊区, abolished 1992'],
    ['110103', '北京市崇文区, merged 2010'],
    ['810000', '香港 residence permits'],
    ['820000', '澳门 residence permits'],
    ['830000', '台湾 residence permits'],
  ])('knows %s (%s)', (code) => {
    expect(isRegionCode(code)).toBe(true);
  });

  it.each([
    ['999999', 'no such province'],
    ['519900', 'no such prefecture in 四川'],
    ['511099', 'no such county in 内江'],
    ['130171', 'a statistics-only development zone code (NBS), not GB/T 2260'],
    ['910000', 'no GB/T 2260 province 91'],
    ['51100', 'five digits'],
  ])('does not know %s (%s)', (code) => {
    expect(isRegionCode(code)).toBe(false);
  });
});

describe('residence permits of Hong Kong, Macao and Taiwan residents', () => {
  // 港澳台居民居住证申领发放办法 (2018): GB 11643 numbers with the address codes 810000, 820000, 830000.
  // Numbers constructed by the rule (check character computed), not real people's.
  it.each(['81000019940823002', '82000019950101001', '83000019920130002'])('accepts %s plus its check character', (first17) => {
    expect(isIdCard(made(first17))).toBe(true);
  });

  it('refuses a wrong check character or a region under them that does not exist', () => {
    const hk = made('81000019940823002');
    expect(isIdCard(hk.slice(0, 17) + (hk[17] === '0' ? '1' : '0'))).toBe(false);
    expect(isIdCard(made('81010019940823002'))).toBe(false);
  });
});

describe('the stored form of an ID number', () => {
  it('stores a lower-case x as X and leaves anything else as written', () => {
    expect(normaliseIdCard('44011320141005001x')).toBe('44011320141005001X');
    expect(normaliseFormat('idCard', '44011320141005001x')).toBe('44011320141005001X');
    expect(normaliseIdCard('360426199101010071')).toBe('360426199101010071');
    expect(normaliseIdCard('x')).toBe('x');
    expect(FORMATS.idCard.test('44011320141005001x')).toBe(true);
  });
});
