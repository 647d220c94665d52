import { describe, expect, it } from 'vitest';
import { isMobilePhone, isResidentIdNumber, maskIdNumber, maskMobile } from './lease';

describe('电动车租赁 renter checks', () => {
  it('accepts a 居民身份证 number only with a real birth date and its check character', () => {
    expect(isResidentIdNumber('11010519491231002X')).toBe(true);
    expect(isResidentIdNumber('320102198506154568')).toBe(true);
    expect(isResidentIdNumber('110105194912310021')).toBe(false); // wrong check character
    expect(isResidentIdNumber('11010519490231002X')).toBe(false); // 31 February
    expect(isResidentIdNumber('11010519491231002x')).toBe(false); // lower-case x is normalised by the caller
    expect(isResidentIdNumber('1101051949123100')).toBe(false);
  });

  it('takes mainland mobile numbers and shows both numbers masked', () => {
    expect(isMobilePhone('13812345678')).toBe(true);
    expect(isMobilePhone('12812345678')).toBe(false);
    expect(maskMobile('13812345678')).toBe('138****5678');
    expect(maskIdNumber('11010519491231002X')).toBe('110105********002X');
  });
});
