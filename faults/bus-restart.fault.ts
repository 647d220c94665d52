import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_START_PHONE } from '../server/demo/demo-fleet';
import { SimulatedTerminal } from '../server/sim/simulated-terminal';
import { ApiClient } from '../server/testing/api-client';
import { LiveTestClient } from '../server/testing/live-client';
import { createTestServer, type TestServer } from '../server/testing/test-server';
import { PrivatePostgres } from './private-postgres';
import { freePort } from './server-process';
import { sleep } from './waiting';

// Two server instances share a database and a NATS server; a terminal reports to instance A and
// an operator watches on instance B. NATS is killed and started again: B's live positions resume
// by themselves. NATS and PostgreSQL are the test's own, so nothing else on the machine notices.

const NATS = '/usr/sbin/nats-server';

class PrivateNats {
  private process: ChildProcess | undefined;
  private readonly dir = mkdtempSync(join(tmpdir(), 'tianlu-nats-'));
  constructor(readonly port: number) {}
  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    this.process = spawn(NATS, ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.dir], { stdio: 'ignore' });
    for (let i = 0; i < 50; i++) {
      if (await new Promise<boolean>((resolve) => {
        const s = createServer();
        s.once('error', () => resolve(true)); // the port is taken: NATS listens
        s.listen(this.port, '127.0.0.1', () => s.close(() => resolve(false)));
      })) return;
      await sleep(100);
    }
    throw new Error('NATS did not start');
  }
  kill(): Promise<void> {
    const p = this.process;
    this.process = undefined;
    if (!p || p.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      p.once('exit', () => resolve());
      p.kill('SIGKILL');
    });
  }
  async destroy(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

let pg: PrivatePostgres | undefined;
let nats: PrivateNats | undefined;
const servers: TestServer[] = [];
let terminal: SimulatedTerminal | undefined;
let ws: LiveTestClient | undefined;

afterAll(async () => {
  ws?.close();
  await terminal?.stop();
  for (const s of servers.reverse()) await s.close().catch(() => {});
  await nats?.destroy();
  pg?.destroy();
});

describe.skipIf(!existsSync(NATS))('NATS restarted with two instances', () => {
  it('brings the live positions of a terminal on instance A back to an operator on instance B', async () => {
    pg = await PrivatePostgres.start();
    nats = new PrivateNats(await freePort());
    await nats.start();
    for (let i = 0; i < 2; i++) {
      servers.push(await createTestServer({
        demo: true, simulate: false,
        config: { databaseUrl: pg.url, natsUrl: nats.url, simDevices: 1 },
        database: { schema: 'tianlu_bus', dropSchemaOnClose: false },
      }));
    }
    const [a, b] = servers as [TestServer, TestServer];
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = new ApiClient(b.app);
    await admin.login('admin', 'Admin@123');
    ws = await LiveTestClient.connect((b.app.server.address() as AddressInfo).port);
    ws.send({ type: 'auth', sessionId: admin.sessionId, userId: admin.userId });

    terminal = new SimulatedTerminal({
      phone: DEMO_START_PHONE, host: '127.0.0.1', port: a.fleet.gateway!.port, intervalSec: 1, route: { signalLossPerSecond: 0, sosPerSecond: 0 },
    });
    terminal.start();
    await ws.until((m) => m.some((x) => x.type === 'positions'), 20_000, 'positions on B before the restart');

    await nats.kill();
    const killedAt = Date.now();
    await sleep(2000);
    const before = ws.of('positions').length;
    await nats.start();
    await ws.until(() => ws!.of('positions').length > before + 1, 30_000, 'positions on B after NATS came back');
    console.log(`live positions resumed on instance B ${((Date.now() - killedAt) / 1000).toFixed(1)} s after NATS was killed (down 2 s)`);
    // the terminal kept reporting to A throughout, and A kept storing and acknowledging
    expect(terminal.counters.positionsAcked).toBeGreaterThan(3);
  });
});
