/**
 * A throwaway store for a benchmark: a fresh schema on the PostgreSQL server of DATABASE_URL
 * (dropped on close), or PGlite in a temporary DATA_DIR (deleted on close).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStore, type Store } from '../server/store/create-store';
import { phoneAt } from '../server/sim/index';
import { normalizePhone } from '../server/gateway/jt808/index';

export interface BenchStore {
  store: Store;
  /** `postgres` or `pglite`, for figure names. */
  label: 'postgres' | 'pglite';
  /** Where it lives, for the output (no credentials). */
  where: string;
  /** PostgreSQL only: the server and the fresh schema, for processes that open their own pool on it. */
  postgres?: { databaseUrl: string; schema: string };
  close(): Promise<void>;
}

/** Only loopback database servers: a benchmark must not load anything but this machine. */
function assertLoopback(url: string): string {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) throw new Error(`DATABASE_URL must point at this machine (127.0.0.1), not ${host}`);
  return host;
}

export async function openBenchStore(): Promise<BenchStore> {
  const url = process.env.DATABASE_URL || undefined;
  if (url) {
    const host = assertLoopback(url);
    const schema = `tianlu_bench_${randomBytes(5).toString('hex')}`;
    // the schema's name as the connections' application_name, so a bench can find its own server processes
    const tagged = new URL(url);
    tagged.searchParams.set('application_name', schema);
    const store = await createStore({ databaseUrl: tagged.toString(), schema, dropSchemaOnClose: true, pgliteDataDir: '' });
    return {
      store, label: 'postgres', where: `PostgreSQL on ${host}, schema ${schema} (dropped afterwards)`,
      postgres: { databaseUrl: tagged.toString(), schema }, close: () => store.close(),
    };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'tianlu-bench-'));
  const store = await createStore({ pgliteDataDir: join(dataDir, 'pglite') });
  return {
    store, label: 'pglite', where: `PGlite in ${dataDir} (deleted afterwards)`,
    async close() {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Provisions `count` terminals (phones, or for GT06 IMEIs, from `startPhone` up) in a new tenant;
 * answers their ids in number order.
 */
export async function provisionTerminals(store: Store, count: number, startPhone: string, protocol: 'jt808' | 'gt06' = 'jt808'): Promise<{ tenantId: number; terminalIds: number[] }> {
  const tenant = await store.org.createTenant(`压测租户 ${randomBytes(3).toString('hex')}`);
  const terminalIds = new Array<number>(count);
  let next = 0;
  // a few at once: PostgreSQL overlaps them over its pool, PGlite runs them one by one
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < count) {
      const i = next++;
      const phone = phoneAt(startPhone, i);
      const { terminalId } = await store.fleet.provision({
        tenantId: tenant.id, groupId: null, terminalNo: protocol === 'gt06' ? phone : normalizePhone(phone), displayNo: phone,
        authCode: randomBytes(6).toString('hex').toUpperCase(), plateNo: `测B${String(i).padStart(6, '0')}`,
        model: protocol === 'gt06' ? 'LEAN-GT06' : 'LEAN-808', edition: protocol === 'gt06' ? 'gt06' : '2013', protocol,
      });
      terminalIds[i] = terminalId;
    }
  }));
  return { tenantId: tenant.id, terminalIds };
}
