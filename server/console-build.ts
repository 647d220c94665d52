import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** What the console build is made of: newer files mean dist/ is stale. */
const SOURCES = ['host', 'core', 'sdk', 'plugins', 'plugins.manifest.json', 'vite.config.ts', 'tools/build'];
/**
 * Folders in those that are built from them, not read by the console's build: the SDK package's
 * build (sdk/dist) and its tarballs (sdk/pack). Packing the SDK beside a running server must not
 * mark the console stale, or the next start rebuilds dist/ under the pages it is serving.
 */
const OUTPUTS = new Set(['dist', 'pack']);

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.') || OUTPUTS.has(entry.name)) continue;
    newest = Math.max(newest, await newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** True when dist/index.html is missing or older than any console source. */
export async function isConsoleStale(rootDir: string): Promise<boolean> {
  const index = join(rootDir, 'dist', 'index.html');
  if (!existsSync(index)) return true;
  const built = (await stat(index)).mtimeMs;
  for (const source of SOURCES) {
    if ((await newestMtime(join(rootDir, source))) > built) return true;
  }
  return false;
}

/** Builds the console with the repository's vite.config.ts. */
export async function buildConsole(rootDir: string): Promise<void> {
  const vite = await import('vite');
  // A NODE_ENV inherited from a test runner would bundle development React into dist/.
  const inherited = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await vite.build({ configFile: join(rootDir, 'vite.config.ts'), mode: 'production' });
  } finally {
    if (inherited === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = inherited;
  }
}
