import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { isApiPath, pathOf } from './api/api-paths';
import { createServer } from './app';
import { loadConfig } from './config';
import { DEMO_ACCOUNTS } from './store/seed-demo';

/**
 * `npm run dev`: one port serves the API and the console through Vite's dev middleware (HMR included),
 * with the demo data. API paths go to Fastify, everything else to Vite.
 */
const rootDir = fileURLToPath(new URL('..', import.meta.url));
const config = loadConfig();
let vite: ViteDevServer | undefined;

const server = await createServer({
  config,
  demo: true,
  rootDir,
  distDir: false,
  beforeRoutes: async (app) => {
    // Vite's hot reload has a socket server of its own: on the API server's port the live channel's
    // WebSocket handler would answer its upgrades too, and the page would reconnect forever
    const hmr = createHttpServer();
    await new Promise<void>((resolve) => hmr.listen(0, config.host, resolve));
    const hmrPort = (hmr.address() as AddressInfo).port;
    const dev = await createViteServer({
      configFile: join(rootDir, 'vite.config.ts'),
      appType: 'spa',
      server: { middlewareMode: true, ws: { server: hmr, clientPort: hmrPort } },
    });
    vite = dev;
    app.addHook('onRequest', async (request, reply) => {
      // installed plugins' files (PLUGINS_DIR) are the server's; the console's own plugins come from Vite
      const path = pathOf(request.url);
      if (isApiPath(path) || path.startsWith('/child/')) return;
      reply.hijack();
      dev.middlewares(request.raw, reply.raw, () => {
        reply.raw.statusCode = 404;
        reply.raw.end('Not Found');
      });
    });
    app.addHook('onClose', async () => {
      await dev.close();
      hmr.close();
    });
  },
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void server.close().finally(() => process.exit(0));
  });
}

await server.app.listen({ port: config.port, host: config.host });
const { port } = server.app.server.address() as AddressInfo;
console.log(`天路 Tianlu 开发模式: http://localhost:${port}${vite ? '（Vite 热更新已启用）' : ''}`);
for (const a of DEMO_ACCOUNTS) console.log(`演示账号 (${a.tenant}): ${a.account} / ${a.password}`);
