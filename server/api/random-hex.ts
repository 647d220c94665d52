import { randomBytes } from 'node:crypto';

/** `bytes` bytes of the system's secure random source as lower-case hex: tokens and codes nobody can guess. */
export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}
