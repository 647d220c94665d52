import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createServer, type TianluServer } from '../server/app';
import { buildConfig } from '../server/config';

/**
 * The real server in the benchmark's process: PGlite in `dataDir`, the demo tenant with `terminals`
 * provisioned vehicles and no simulator, HTTP and the gateway on free ports of 127.0.0.1, and the
 * built console when `console` is set. Resolves with the HTTP port once it listens.
 */
export async function startDemoServer(dataDir: string, terminals: number, opts: { console?: boolean } = {}): Promise<{ server: TianluServer; httpPort: number }> {
  const config = {
    ...buildConfig({}), dataDir, pluginsDir: join(dataDir, 'plugins'), databaseUrl: undefined,
    host: '127.0.0.1', jt808Port: 0, gt06Port: 0, watchPort: 0, simDevices: terminals, simAssets: false,
  };
  const server = await createServer({
    config, demo: true, simulate: false, logger: false, database: { pgliteDataDir: join(dataDir, 'pglite') }, ...(!opts.console && { distDir: false as const }),
  });
  try {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
  } catch (e) {
    await server.close();
    throw e;
  }
  return { server, httpPort: (server.app.server.address() as AddressInfo).port };
}
