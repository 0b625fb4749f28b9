// The §5.5 plate rule against real mainland plates (GA 36-2018): ordinary 7-character plates, the
// 挂 学 警 港 澳 领 使 suffixes, small and large new-energy 8-character plates (with the 2022 energy
// letters A B C E G H J K beside D and F) and embassy plates; military plates are refused.
import { describe, expect, it } from 'vitest';
import { isPlate } from '../../../common/validators';

describe('isPlate (§5.5)', () => {
  it.each([
    '川K12345', '川KA1B23', '京A88888', '粤B0C7D9', '沪AD2C8E', '川K5Z3P9', // ordinary
    '川A1234挂', '川K0001学', '川A0001警', '粤Z1234港', '粤Z5678澳', '沪A0001领', // suffixes
    '川KD12345', '粤BFA0123', '京AD11234', '川KF99999', // small new-energy
    '川K12345D', '粤B54321F', // large new-energy
    '使014001', // embassy
  ])('accepts %s', (plate) => {
    expect(isPlate(plate)).toBe(true);
  });

  // github:any86/any-rule packages/www/src/RULES.js, 车牌号 examples (新能源, 非新能源, both).
  it.each(['京AD92035', '甘G23459F', '京A19203D', '京A00599', '黑D23908', '京A12345D', '京AA92035'])('accepts any-rule’s %s', (plate) => {
    expect(isPlate(plate)).toBe(true);
  });

  // The Ministry of Public Security's 2022 extension of the new-energy letters: small plates take any of
  // A B C D E F G H J K third, large ones last (constructed plates, one per letter).
  it.each([...'ABCDEFGHJK'].flatMap((letter) => [`京A${letter}12345`, `京A${letter}A2345`, `京A12345${letter}`]))('accepts the new-energy plate %s', (plate) => {
    expect(isPlate(plate)).toBe(true);
  });

  it.each(['京A1234使', '沪A0001领'])('accepts the suffix plate %s', (plate) => {
    expect(isPlate(plate)).toBe(true);
  });

  it.each([
    ['川KMF53C9', 'eight characters without D/F in the third place'],
    ['川K1234', 'six characters'],
    ['川K123456', 'eight digits'],
    ['川KI2345', 'I is not a serial character'],
    ['川KO2345', 'O is not a serial character'],
    ['川k12345', 'lower-case issuing letter'],
    ['川1A2345', 'digit in place of the issuing letter'],
    ['XK12345', 'no province'],
    ['使K12345', '使 is not a province'],
    ['川KD1234挂', 'new-energy serial with a suffix'],
    ['川KD1A234', 'letter among the last four of a small new-energy plate'],
    ['川K1234DF', 'two new-energy letters'],
    ['川K 12345', 'a space'],
    ['宁AD1234555555', 'any-rule counter-example: too long'],
    ['浙苏H6F681', 'any-rule counter-example: two provinces'],
    ['京AL12345', 'L is no energy letter'],
    ['京AI12345', 'I is no energy letter'],
    ['京A12345L', 'L is no energy letter (large)'],
    ['京AA1234A', 'a letter last on a small new-energy plate'],
    ['VA12345', 'military: no province'],
    ['VA·12345', 'military, with the dot'],
    ['KA12345', 'military letters without a province'],
    ['WJ川12345', 'armed police'],
    ['WJ0112345', 'armed police, without a province'],
    ['', 'blank'],
  ])('refuses %s (%s)', (plate) => {
    expect(isPlate(plate)).toBe(false);
  });
});
