import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tianlu } from './tianlu-vite-plugin';

const repo = fileURLToPath(new URL('../..', import.meta.url));
let project: string;

beforeAll(async () => {
  // inside node_modules, so that the project resolves the platform's packages as an installed one would
  project = await mkdtemp(join(repo, 'node_modules', '.tianlu-plugin-build-'));
  await mkdir(join(project, 'src', 'server'), { recursive: true });
  await writeFile(join(project, 'manifest.json'), JSON.stringify({ platformId: 41, systemId: 'cold-chain', title: '冷链监控', path: '/cold-chain/', menus: [] }));
  await writeFile(join(project, 'src', 'plugin.tsx'), "import { useState } from 'react';\nexport default { title: String(useState) };\n");
  // a dependency (kysely's sql) and a Node module: the first is bundled, the second stays an import
  await writeFile(
    join(project, 'src', 'server', 'index.ts'),
    [
      "import { sql } from 'kysely';",
      "import { createHash } from 'node:crypto';",
      "import { defineServerPart } from '../../../../sdk/server/index';",
      "export default defineServerPart({ name: 'cold-chain', readings: { 'cold-chain.hash': () => createHash('sha1').update(String(sql.raw('1').compile === undefined)).digest('hex').slice(0, 4) } });",
    ].join('\n'),
  );
  await build({ root: project, configFile: false, logLevel: 'silent', plugins: [tianlu({ entry: 'src/plugin.tsx', server: 'src/server/index.ts' })] });
}, 60_000);

afterAll(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

describe('tianlu({ server }) in a plugin’s vite build', () => {
  it('bundles the server part into dist/server/index.js, which Node imports as the platform does', async () => {
    const code = await readFile(join(project, 'dist', 'server', 'index.js'), 'utf8');
    expect(code).not.toMatch(/^import .* from ['"]kysely['"]/m);
    expect(code).toMatch(/^import .* from ['"]node:crypto['"]/m);
    const part = (await import(pathToFileURL(join(project, 'dist', 'server', 'index.js')).href)) as { default: { kind: string; name: string; readings: Record<string, () => string> } };
    expect(part.default).toMatchObject({ kind: 'tianlu-server-module', name: 'cold-chain' });
    expect(part.default.readings['cold-chain.hash']!()).toMatch(/^[0-9a-f]{4}$/);
    expect(JSON.parse(await readFile(join(project, 'dist', 'server', 'package.json'), 'utf8'))).toEqual({ type: 'module' });
  });

  it('names it in dist/manifest.json beside the console entry, and keeps the shared packages out of the console bundle', async () => {
    expect(JSON.parse(await readFile(join(project, 'dist', 'manifest.json'), 'utf8'))).toMatchObject({ systemId: 'cold-chain', serverEntry: 'server/index.js' });
    expect(await readFile(join(project, 'dist', 'index.js'), 'utf8')).toMatch(/from ['"]react['"]/);
  });
});
