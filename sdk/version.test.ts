import { describe, expect, it } from 'vitest';
import pkg from './package.json';
import { SDK_VERSION } from './version';

describe('SDK_VERSION', () => {
  it('is the version the package is published under', () => {
    expect(pkg.name).toBe('@tianlu/sdk');
    expect(SDK_VERSION).toBe(pkg.version);
  });
});
