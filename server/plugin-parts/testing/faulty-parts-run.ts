/**
 * Runs a server whose installed plugins' jobs throw where nothing catches them (a timer that throws,
 * a promise rejected with nobody waiting), outside any test runner, whose own listeners would take
 * such errors first. Prints what an operator would see as one JSON line, then stops.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { demoTenantClients } from '../../testing/api-client';
import { pollUntil } from '../../testing/poll-until';
import { createTestServer } from '../../testing/test-server';

const PARTS: Record<string, { platformId: number; code: string }> = {
  steady: { platformId: 96, code: `export default { name: 'steady', routes: [{ method: 'GET', url: '/plugins/steady/api/ping.json', handler: async () => 'pong' }] };` },
  ticker: {
    platformId: 97,
    code: `export default { name: 'ticker', routes: [{ method: 'GET', url: '/plugins/ticker/api/ping.json', handler: async () => 'pong' }],
      jobs: [{ name: 'tick', start: () => { const t = setTimeout(() => { throw new Error('计时任务出错'); }, 50); return { close: () => clearTimeout(t) }; } }] };`,
  },
  floater: {
    platformId: 98,
    code: `export default { name: 'floater', jobs: [{ name: 'float', start: () => { setTimeout(() => { Promise.reject(new Error('无人处理的拒绝')); }, 50); return { close() {} }; } }] };`,
  },
};

const pluginsDir = await mkdtemp(join(tmpdir(), 'tianlu-faulty-parts-'));
for (const [systemId, { platformId, code }] of Object.entries(PARTS)) {
  const dir = join(pluginsDir, systemId);
  await mkdir(join(dir, 'server'), { recursive: true });
  await writeFile(join(dir, 'index.js'), 'export default {};\n');
  await writeFile(join(dir, 'server', 'index.js'), code);
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({
    platformId, systemId, name: systemId, productionEntry: `/child/${systemId}/index.js`, developmentEntry: `/child/${systemId}/index.js`,
    title: systemId, icon: 'Apps', path: `/${systemId}/`, created: '2026-11-27', iconfont: '', enabled: true, serverEntry: 'server/index.js',
  }));
}
const logs: string[] = [];
const stream = new Writable({ write: (chunk: Buffer, _enc, done) => (logs.push(...chunk.toString().split('\n').filter(Boolean)), done()) });
const server = await createTestServer({ demo: true, config: { pluginsDir }, logger: { level: 'info', stream } });
try {
  const marked = async () => (await server.app.inject({ method: 'GET', url: '/plugins.manifest.json' })).json<Array<{ serverError?: string }>>().filter((p) => p.serverError).length;
  await pollUntil(marked, (n) => n === 2, 'the two faulty parts marked in the manifest', 10_000);
  const { admin } = await demoTenantClients(server.app);
  const manifest = (await server.app.inject({ method: 'GET', url: '/plugins.manifest.json' })).json<Array<{ systemId: string; serverError?: string }>>();
  const result = {
    steady: await admin.get('/plugins/steady/api/ping.json'),
    ticker: await admin.get('/plugins/ticker/api/ping.json'),
    platform: (await admin.get('/car/v1/api/user/getUser.json')).flag,
    serverErrors: Object.fromEntries(manifest.filter((p) => p.serverError).map((p) => [p.systemId, p.serverError])),
    logged: logs.map((l) => (JSON.parse(l) as { msg: string }).msg).filter((m) => m.includes('运行出错')),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await server.close();
  await rm(pluginsDir, { recursive: true, force: true });
}
