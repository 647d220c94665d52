import { describe, expect, it } from 'vitest';

// A module's server test loads the contract before anything else of the server: the contract must not
// lead back to the modules it is imported by (the alarm catalogue, for one, reads the built-in modules),
// or a module's file runs while the contract is half loaded and fails on the first name it uses.
describe('the module contract', () => {
  it('loads first and then every built-in module with it', async () => {
    const contract = await import('./index');
    const { BUILT_IN_MODULES } = await import('../modules/built-in-modules');
    expect(typeof contract.defineServerModule).toBe('function');
    expect(BUILT_IN_MODULES.length).toBeGreaterThan(0);
    for (const m of BUILT_IN_MODULES) expect(m.kind, m.name).toBe('tianlu-server-module');
  });
});
