import { describe, expect, it } from 'vitest';
import * as v from '../../../common/validators';

describe('format checks of §5.5', () => {
  it.each([
    ['isMobile', '13812345678', true], ['isMobile', '12812345678', false], ['isMobile', '1381234567', false],
    ['isLandline', '0832-2345678', true], ['isLandline', '2345678', true], ['isLandline', '123456', false],
    ['isIPv4', '192.168.1.255', true], ['isIPv4', '256.1.1.1', false], ['isIPv4', '1.2.3', false],
    ['isIdCard', '511002199001011233', true], ['isIdCard', '51100219900315123X', true], ['isIdCard', '51100219900315123x', true],
    ['isIdCard', '511002900101123', true], ['isIdCard', '5110021990010112', false],
    // GB 11643: the check character, a real birth date from 1900 up to today, a province code first.
    ['isIdCard', '51100219900101123X', false], ['isIdCard', '511002199002301232', false], ['isIdCard', '511002189912311238', false],
    ['isIdCard', '511002209901011235', false], ['isIdCard', '991002199001011232', false], ['isIdCard', '511002901301123', false],
    ['isEmail', 'zhang.san@example.com.cn', true], ['isEmail', 'zhang@', false],
    ['isRealName', '张三', true], ['isRealName', '张', false], ['isRealName', 'Zhang', false],
    ['isUsername', 'qiye_01', true], ['isUsername', 'qiye', false], ['isUsername', 'qi ye 01', false],
    ['isPositiveInteger', '12', true], ['isPositiveInteger', '012', false], ['isPositiveInteger', '0', false],
    ['isLetters', 'abcXYZ', true], ['isLetters', 'abc1', false],
    ['isAlphanumeric', 'abc123', true], ['isAlphanumeric', 'abc-123', false],
    ['isImageExtension', 'a.JPG', true], ['isImageExtension', 'a.pdf', false],
    ['isTimeOfDay', '08:30', true], ['isTimeOfDay', '23:59:59', true], ['isTimeOfDay', '24:00', false],
    ['isPlate', '川K12345', true], ['isPlate', '川KD1234挂', false], ['isPlate', 'XK12345', false],
    ['isWechat', 'wx_zhang01', true], ['isWechat', '1wxzhang', false],
    ['isQQ', '12345', true], ['isQQ', '01234', false], ['isQQ', '123456789012', false],
    ['isExternalLink', 'https://a.cn', true], ['isExternalLink', 'tel:110', true], ['isExternalLink', '/backHome', false],
    ['isStrongPassword', 'Demo@1234', true], ['isStrongPassword', 'demo1234', false],
  ] as const)('%s(%s) is %s', (fn, value, expected) => {
    expect((v[fn] as (s: string) => boolean)(value)).toBe(expected);
  });

  it('knows leap years', () => {
    expect(v.isDate('2024-02-29')).toBe(true);
    expect(v.isDate('2023-02-29')).toBe(false);
    expect(v.isDate('1900-02-29')).toBe(false);
    expect(v.isDate('2000-02-29')).toBe(true);
    expect(v.isDate('2026-13-01')).toBe(false);
  });

  it('labels password strength 低/中/高', () => {
    expect(v.passwordStrength('abc')).toBe('低');
    expect(v.passwordStrength('abc123')).toBe('中');
    expect(v.passwordStrength('Demo@1234')).toBe('高');
  });
});
