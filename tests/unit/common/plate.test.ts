// The §5.5 plate rule against real mainland plates (GA 36-2018): ordinary 7-character plates, the
// 挂 学 警 港 澳 领 suffixes, small and large new-energy 8-character plates and embassy plates.
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
    ['', 'blank'],
  ])('refuses %s (%s)', (plate) => {
    expect(isPlate(plate)).toBe(false);
  });
});
