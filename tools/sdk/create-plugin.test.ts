import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseInstalledRecord } from '../../server/installed-plugins/installed-plugin-record';
import { SDK_VERSION } from '../../sdk/version';

const SCRIPT = join(import.meta.dirname, '..', '..', 'sdk', 'create', 'create-plugin.mjs');
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const create = (...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { cwd: dir, encoding: 'utf8' });

describe('tianlu-create-plugin', () => {
  it('writes a plugin whose manifest the platform accepts as is, built for this SDK', () => {
    dir = mkdtempSync(join(tmpdir(), 'tianlu-create-'));
    const run = create('cold-chain', '--id', 'coldChain', '--title', '冷链监控', '--platform', '40');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('已创建 冷链监控（coldChain，平台 40）');
    const folder = join(dir, 'cold-chain');
    expect(readdirSync(join(folder, 'src')).sort()).toEqual(['coldChain-declaration.ts', 'coldChain-plugin.tsx', 'coldChain.test.ts', 'pages', 'server']);
    // a server part with its test on the harness, built with the pages
    expect(readdirSync(join(folder, 'src', 'server')).sort()).toEqual(['index.ts', 'server.test.ts']);
    expect(readFileSync(join(folder, 'vite.config.ts'), 'utf8')).toContain("tianlu({ entry: 'src/coldChain-plugin.tsx', server: 'src/server/index.ts' })");
    expect(readFileSync(join(folder, 'src', 'server', 'server.test.ts'), 'utf8')).toContain("from '@tianlu/sdk/server/testing'");
    const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'));
    const parsed = parseInstalledRecord(manifest, 'coldChain', folder);
    expect(parsed).toMatchObject({ plugin: { record: { platformId: 40, systemId: 'coldChain', title: '冷链监控', path: '/coldChain/' }, sdk: `^${SDK_VERSION}` } });
    expect('plugin' in parsed && parsed.plugin.refusal).toBeUndefined();
    const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    expect(pkg.scripts).toMatchObject({ build: 'vite build', test: 'vitest run' });
    expect(Object.keys(pkg.devDependencies)).toEqual(expect.arrayContaining(['vite', 'vitest', 'react', '@fluentui/react-components']));
    // the harness's database, at the platform's own versions
    const platform = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'));
    expect(pkg.devDependencies).toMatchObject({ kysely: platform.dependencies.kysely, '@electric-sql/pglite': platform.dependencies['@electric-sql/pglite'] });
    // the routes' resources are the page's own buttons
    expect(manifest.menus[0].buttons).toEqual([{ id: 4000101, title: '刷新' }, { id: 4000102, title: '添加' }]);
    expect(readFileSync(join(folder, 'src', 'server', 'index.ts'), 'utf8')).toContain('resource: 4000102');
  });

  it('refuses in Chinese a folder that is not empty or a bad id, and writes nothing', () => {
    dir = mkdtempSync(join(tmpdir(), 'tianlu-create-'));
    writeFileSync(join(dir, 'keep.txt'), 'mine');
    const full = create('.', '--id', 'coldChain');
    expect(full.status).toBe(1);
    expect(full.stderr).toContain('不是空的');
    expect(readdirSync(dir)).toEqual(['keep.txt']);
    const bad = create('x', '--id', '9lives');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('插件标识“9lives”只能包含字母、数字、- 和 _，并以字母开头');
    expect(create('y', '--platform', 'abc').stderr).toContain('平台编号必须是 1～200000 的整数');
    expect(readdirSync(dir)).toEqual(['keep.txt']);
  });
});
