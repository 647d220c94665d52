import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hasher';

describe('password hashing', () => {
  it('stores a salted scrypt hash: the same password hashes differently each time', async () => {
    const a = await hashPassword('Admin@123');
    const b = await hashPassword('Admin@123');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toEqual(b);
    expect(a).not.toContain('Admin@123');
  });

  it('verifies the right password and rejects others', async () => {
    const hash = await hashPassword('Admin@123');
    expect(await verifyPassword('Admin@123', hash)).toBe(true);
    expect(await verifyPassword('admin@123', hash)).toBe(false);
    expect(await verifyPassword('Admin@123', 'plain-text')).toBe(false);
  });
});
