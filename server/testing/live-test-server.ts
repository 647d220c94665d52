import type { AddressInfo } from 'node:net';
import type { LiveStreams } from '../../sdk/live-messages';
import type { MonitorItem } from '../api/monitor/monitor-item';
import { DEMO_TENANT } from '../store/seed-demo';
import { demoTenantClients, type ApiClient } from './api-client';
import { LiveTestClient } from './live-client';
import { createTestServer, type TestServer } from './test-server';

/** A demo server listening on a local port for /ws tests. */
export interface LiveTestServer {
  server: TestServer;
  admin: ApiClient;
  tenantId: number;
  /** A live socket of `caller`'s session (see {@link LiveTestClient.authenticated}), closed with the server. */
  live(caller: ApiClient, streams?: LiveStreams): Promise<LiveTestClient>;
  /** The first demo terminal's record changed: its item goes out again to the sockets that get positions. */
  report(): void;
  close(): Promise<void>;
}

export async function startLiveTestServer(): Promise<LiveTestServer> {
  const server = await createTestServer({ demo: true, simulate: false, config: { simDevices: 2 } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const httpPort = (server.app.server.address() as AddressInfo).port;
  const { admin } = await demoTenantClients(server.app);
  const tenantId = (await server.store.org.findTenantByName(DEMO_TENANT))!.id;
  const first = (await admin.get<{ list: MonitorItem[] }>('/car/v4/api/monitor/list.json', { pageSize: 1 })).obj.list[0]!;
  const terminalId = (await server.store.monitor.findAsset(tenantId, first.terminalNo.replace(/^0+/, '')))!.terminalId;
  const sockets: LiveTestClient[] = [];
  return {
    server,
    admin,
    tenantId,
    async live(caller, streams) {
      const c = await LiveTestClient.authenticated(httpPort, caller, streams);
      sockets.push(c);
      return c;
    },
    report: () => server.fleet.bus.publish({ type: 'assets', tenantId, terminalIds: [terminalId] }),
    async close() {
      for (const s of sockets) s.close();
      await server.close();
    },
  };
}
