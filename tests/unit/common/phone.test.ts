// Mobile and landline numbers (§5.5, issue 23) on public examples: a mobile number written with +86,
// 0086 or 86 and spaces or dashes is checked and stored as its 11 digits; a landline may carry an extension.
import { describe, expect, it } from 'vitest';
import { FORMATS, isLandline, isMobile, normaliseFormat, normaliseMobile } from '../../../common/validators';

describe('mobile numbers', () => {
  // github:any86/any-rule packages/www/src/RULES.js, 手机号(mobile phone)中国 examples.
  it.each([
    ['008618311006933', '18311006933'],
    ['+8617888829981', '17888829981'],
    ['19119255642', '19119255642'],
    ['19519255642', '19519255642'],
  ])('any-rule’s %s is %s', (written, stored) => {
    expect(isMobile(written)).toBe(true);
    expect(normaliseMobile(written)).toBe(stored);
  });

  it.each([
    ['+86 138 1234 5678', '13812345678'],
    ['+86-138-1234-5678', '13812345678'],
    ['0086 13812345678', '13812345678'],
    ['8613812345678', '13812345678'],
    ['138-1234-5678', '13812345678'],
    [' 138 1234 5678 ', '13812345678'],
  ])('%s is stored as %s', (written, stored) => {
    expect(isMobile(written)).toBe(true);
    expect(normaliseMobile(written)).toBe(stored);
    expect(normaliseFormat('mobile', written)).toBe(stored);
  });

  it.each([
    ['12812345678', 'second digit 2'],
    ['1381234567', 'ten digits'],
    ['+8612812345678', 'second digit 2 after the prefix'],
    ['+85213812345678', 'another country'],
    ['+86 1381234567', 'ten digits after the prefix'],
    ['86 0832 2201234', 'a landline after 86'],
    ['1381234567８', 'a full-width digit'],
    ['', 'blank'],
  ])('refuses %s (%s) and leaves it as written', (written) => {
    expect(isMobile(written)).toBe(false);
    expect(FORMATS.mobile.test(written)).toBe(false);
    expect(normaliseMobile(written)).toBe(written);
  });
});

describe('landlines', () => {
  // github:any86/any-rule packages/www/src/RULES.js, 座机(tel phone)电话(国内) examples.
  it.each(['0936-4211235', '89076543', '010-12345678-1234'])('accepts any-rule’s %s', (v) => {
    expect(isLandline(v)).toBe(true);
  });

  it.each(['0832-2201234', '08322201234', '2201234', '0832-2201234-8', '010-12345678-123456'])('accepts %s', (v) => {
    expect(isLandline(v)).toBe(true);
  });

  it.each([
    ['123456', 'six digits'],
    ['0832-2201234-', 'a dash without an extension'],
    ['010-12345678-1234567', 'a seven-digit extension'],
    ['010--12345678', 'two dashes'],
    ['1832-2201234', 'an area code not starting with 0'],
  ])('refuses %s (%s)', (v) => {
    expect(isLandline(v)).toBe(false);
  });
});
