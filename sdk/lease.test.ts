import { describe, expect, it } from 'vitest';
import { amountInWords, isMobilePhone, isResidentIdNumber, maskIdNumber, maskMobile } from './lease';

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

describe('amounts in capitals on a receipt', () => {
  it('writes yuan, jiao and fen the way a cashier does', () => {
    expect(amountInWords(300)).toBe('叁佰元整');
    expect(amountInWords(500)).toBe('伍佰元整');
    expect(amountInWords(1234.5)).toBe('壹仟贰佰叁拾肆元伍角');
    expect(amountInWords(1005)).toBe('壹仟零伍元整');
    expect(amountInWords(300.05)).toBe('叁佰元零伍分');
    expect(amountInWords(100500)).toBe('壹拾万零伍佰元整');
    expect(amountInWords(20000)).toBe('贰万元整');
    expect(amountInWords(0.5)).toBe('伍角');
    expect(amountInWords(0)).toBe('零元整');
  });
});
