import type { Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ModuleContext } from './server-module';
import { defineServerModule } from './server-module';
import { startModules, withModuleMigrations } from './module-host';

const migration: Migration = { up: async () => {} };
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const ctx = { log: silent } as unknown as ModuleContext;

describe('server modules', () => {
  it('adds a module migration under its own name and refuses a name the server already uses', () => {
    const lease = defineServerModule({ name: 'lease', migrations: { '0026-lease-payment-receipts': migration } });
    expect(Object.keys(withModuleMigrations({ '0025-odometer-rule': migration }, [lease]))).toEqual(['0025-odometer-rule', '0026-lease-payment-receipts']);
    expect(() => withModuleMigrations({ '0026-lease-payment-receipts': migration }, [lease])).toThrow('migration "0026-lease-payment-receipts" of module lease is already defined');
  });

  it('starts jobs with their module services and closes them in reverse order', async () => {
    const events: string[] = [];
    const job = (name: string) => ({ name, start: (_: ModuleContext, services: string) => (events.push(`start ${name} with ${services}`), { close: () => void events.push(`close ${name}`) }) });
    const a = defineServerModule({ name: 'a', services: () => 'a-services', jobs: [job('a1'), job('a2')] });
    const b = defineServerModule({ name: 'b', services: () => 'b-services', jobs: [job('b1')] });
    const started = startModules([a, b], ctx);
    expect(started.services.get('b')).toBe('b-services');
    await started.close();
    expect(events).toEqual(['start a1 with a-services', 'start a2 with a-services', 'start b1 with b-services', 'close b1', 'close a2', 'close a1']);
  });

  it('refuses a module name that is not a folder name', () => {
    expect(() => defineServerModule({ name: '电动车租赁' })).toThrow('must be lower-case letters');
  });
});
