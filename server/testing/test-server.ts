import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type CreateServerOptions, type TianluServer } from '../app';
import { buildConfig, type ServerConfig } from '../config';

export interface TestServer extends TianluServer {
  dataDir: string;
}

export type TestServerOptions = Omit<CreateServerOptions, 'config'> & { config?: Partial<ServerConfig> };

/**
 * A server on a fresh database: in-memory PGlite, or, when DATABASE_URL is set, a schema of its
 * own on that PostgreSQL server (tianlu_test_<random>, dropped on close).
 */
export async function createTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tianlu-test-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  // the gateway on a free port; no simulated fleet unless a test asks for one
  const config: ServerConfig = {
    ...buildConfig({}), dataDir, pluginsDir: join(dataDir, 'plugins'), databaseUrl, jt808Port: 0, gt06Port: 0, watchPort: 0, host: '127.0.0.1', simDevices: 0, simAssets: false, ...opts.config,
  };
  const database = databaseUrl
    ? { schema: `tianlu_test_${randomBytes(6).toString('hex')}`, dropSchemaOnClose: true }
    : { pgliteDataDir: 'memory://' };
  const server = await createServer({ logger: false, distDir: false, ...opts, config, database: { ...database, ...opts.database } });
  return {
    ...server,
    dataDir,
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the test server's HTTP listener on a free local port (for /ws clients) and answers the port. */
export async function listenOnFreePort(server: TianluServer): Promise<number> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  return (server.app.server.address() as AddressInfo).port;
}
