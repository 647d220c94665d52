import CryptoJS from 'crypto-js';
import { describe, expect, it } from 'vitest';
import { decryptPassword, newPageKey } from './password-cipher';

describe('decryptPassword', () => {
  it('reads what crypto-js AES.encrypt(password, key) produced in the browser', () => {
    const key = newPageKey();
    const cipher = CryptoJS.AES.encrypt('Admin@123 密码', key).toString();
    expect(decryptPassword(cipher, key)).toBe('Admin@123 密码');
  });

  it('never yields the password for another key, and does not throw on garbage', () => {
    for (let i = 0; i < 20; i++) {
      const cipher = CryptoJS.AES.encrypt('Admin@123', newPageKey()).toString();
      expect(decryptPassword(cipher, newPageKey())).not.toBe('Admin@123');
      expect(() => decryptPassword(`garbage-${i}`, newPageKey())).not.toThrow();
    }
  });
});
