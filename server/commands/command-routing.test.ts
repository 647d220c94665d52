import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedTerminal } from '../sim/simulated-terminal';
import { ApiClient } from '../testing/api-client';
import { createTestServer, type TestServer } from '../testing/test-server';
import type { CommandView } from './command-view';

// Two server instances sharing one PostgreSQL database and a NATS bus: a command sent through the
// instance without the terminal's connection goes out from the instance that holds it.
const DATABASE_URL = process.env.DATABASE_URL;
const NATS_URL = process.env.NATS_URL;
const SHARED = Boolean(DATABASE_URL && NATS_URL);
if (!SHARED) console.log('command routing test skipped: set DATABASE_URL and NATS_URL to run two instances against them');

const SEND = '/car/v1/api/command/commandDownBatch.json';
const LIST = '/car/v1/api/command/list.json';

let holder: TestServer;
let other: TestServer;
let viaOther: ApiClient;
const sims: SimulatedTerminal[] = [];

function connect(phone: string): void {
  const sim = new SimulatedTerminal({ phone, host: '127.0.0.1', port: holder.fleet.gateway!.port, intervalSec: 30, route: { signalLossPerSecond: 0, sosPerSecond: 0 } });
  sims.push(sim);
  sim.start();
}

async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  const end = Date.now() + 15_000;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const statuses = async (batchId: string) =>
  (await viaOther.get<{ list: CommandView[] }>(LIST, { batchId })).obj.list.map((c) => [c.terminalNo, c.statusText]);

describe.skipIf(!SHARED)('commands across instances (PostgreSQL + NATS)', () => {
  beforeAll(async () => {
    const schema = `tianlu_test_${randomBytes(6).toString('hex')}`;
    holder = await createTestServer({ demo: true, simulate: false, config: { simDevices: 2, natsUrl: NATS_URL }, database: { schema, dropSchemaOnClose: false } });
    other = await createTestServer({ demo: true, simulate: false, gateway: false, config: { simDevices: 2, natsUrl: NATS_URL }, database: { schema, dropSchemaOnClose: true } });
    viaOther = new ApiClient(other.app);
    await viaOther.login('admin', 'Admin@123');
  });

  afterAll(async () => {
    await Promise.all(sims.map((s) => s.stop()));
    await holder?.close();
    await other?.close();
  });

  it('sends from the instance holding the connection, now or when the terminal connects there', async () => {
    connect('013800000001');
    await until(() => holder.store.db.selectFrom('terminals').select('connected').where('terminal_no', '=', '13800000001').executeTakeFirst(), (r) => r?.connected === true, 'connected');
    const res = await viaOther.postJson<{ batchId: string }>(SEND, { terminalNos: ['013800000001', '013800000002'], commandType: 'locate' });
    expect(res.flag).toBe(1);
    await until(() => statuses(res.obj.batchId), (s) => s.some(([, t]) => t === '成功'), 'the connected one answered');
    expect(await statuses(res.obj.batchId)).toEqual(expect.arrayContaining([['013800000001', '成功'], ['013800000002', '待发送']]));

    connect('013800000002');
    await until(() => statuses(res.obj.batchId), (s) => s.every(([, t]) => t === '成功'), 'the second after it connected');
  });
});
