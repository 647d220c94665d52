/**
 * Builds an example plugin of examples/ as its author would — outside the repository, against the
 * packed SDK, its own tests included — and installs it into the platform's PLUGINS_DIR, where a running
 * platform picks it up without a restart:
 *
 *   npm run example:install -- cold-chain [--skip-tests]
 *
 * PLUGINS_DIR and DATA_DIR are read as the server reads them (default ./data/plugins).
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildOutside, packSdk, REPO } from './outside-build';

const USAGE = '用法：npm run example:install -- <示例名> [--skip-tests]';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const names = args.filter((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--skip-tests');
  const examples = (await readdir(path.join(REPO, 'examples'))).filter((n) => existsSync(path.join(REPO, 'examples', n, 'package.json')));
  if (unknown.length || names.length !== 1) throw new Error(`${unknown.length ? `不认识的选项 ${unknown.join(' ')}\n` : ''}${USAGE}\n可用的示例：${examples.join('、')}`);
  const name = names[0]!;
  if (!examples.includes(name)) throw new Error(`没有示例 ${name}。可用的示例：${examples.join('、')}`);
  const source = path.join(REPO, 'examples', name);
  const { systemId, title } = JSON.parse(await readFile(path.join(source, 'manifest.json'), 'utf8')) as { systemId: string; title: string };
  const pluginsDir = path.resolve(process.env.PLUGINS_DIR || path.join(process.env.DATA_DIR || './data', 'plugins'));

  const outside = await mkdtemp(path.join(tmpdir(), 'tianlu-example-'));
  try {
    console.log(`打包 SDK…`);
    const tarball = await packSdk(path.join(outside, 'sdk'));
    console.log(`在仓库之外构建 ${title}（${outside}）：npm install、${args.includes('--skip-tests') ? '' : 'npm test、'}npm run build…`);
    const { folder } = await buildOutside(source, tarball, { into: outside, test: !args.includes('--skip-tests') });
    const target = path.join(pluginsDir, systemId);
    await rm(target, { recursive: true, force: true });
    await cp(path.join(folder, 'dist'), target, { recursive: true });
    console.log(`已安装 ${title} 到 ${target}：运行中的平台刷新页面即可看到（演示管理员 admin 已被授权所有已安装插件）`);
  } finally {
    await rm(outside, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`安装失败：${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
