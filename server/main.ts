import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from './app';
import { loadConfig } from './config';
import { buildConsole, isConsoleStale } from './console-build';
import { DEMO_ACCOUNTS } from './store/seed-demo';

// `npm start` = tsx server/main.ts --demo --build-if-needed; `npm run serve` without flags.
const args = new Set(process.argv.slice(2));
const demo = args.has('--demo');
const rootDir = fileURLToPath(new URL('..', import.meta.url));
const config = loadConfig();

async function buildIfNeeded(): Promise<void> {
  if (!(await isConsoleStale(rootDir))) return;
  console.log('控制台需要构建，正在执行 vite build …');
  try {
    await buildConsole(rootDir);
  } catch (err) {
    // The API stays useful without the console; an older build is still served if there is one.
    const fallback = existsSync(join(rootDir, 'dist', 'index.html')) ? '继续使用旧的构建' : '仅提供接口服务';
    console.error(`控制台构建失败，${fallback}:`, err);
  }
}

async function main(): Promise<void> {
  if (args.has('--build-if-needed')) await buildIfNeeded();
  const server = await createServer({ config, demo, rootDir });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info(`${signal}: shutting down`);
    try {
      await server.close();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await server.app.listen({ port: config.port, host: config.host });
  // the offline address data, read in slices beside the first requests: the first address asked for does not wait a second
  server.geocoder.offline.load().catch((err: unknown) => server.app.log.warn({ err }, '离线地址数据读取失败'));
  const { port } = server.app.server.address() as AddressInfo;
  console.log(`天路 Tianlu 已启动: http://localhost:${port}`);
  console.log(`接口文档: http://localhost:${port}/docs`);
  if (demo) for (const a of DEMO_ACCOUNTS) console.log(`演示账号 (${a.tenant}): ${a.account} / ${a.password}`);
}

main().catch((err) => {
  console.error('启动失败:', err);
  process.exit(1);
});
