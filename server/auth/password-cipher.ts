import CryptoJS from 'crypto-js';
import { randomBytes } from 'node:crypto';

/** A fresh AES passphrase for one login page. */
export function newPageKey(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Decrypts what the browser sent: crypto-js `AES.encrypt(password, key).toString()` (passphrase mode,
 * OpenSSL salted format). Undefined when the cipher text does not decrypt with this key.
 */
export function decryptPassword(cipherText: string, key: string): string | undefined {
  try {
    const plain = CryptoJS.AES.decrypt(cipherText, key).toString(CryptoJS.enc.Utf8);
    return plain === '' ? undefined : plain;
  } catch {
    // Malformed UTF-8 after a wrong key throws; that is just a wrong password.
    return undefined;
  }
}
