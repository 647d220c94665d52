import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isConsoleStale } from './console-build';

let root: string;

/** Writes `path` under the root with the given age in seconds. */
async function file(path: string, ageSeconds: number) {
  const full = join(root, path);
  await mkdir(dirname(full), { recursive: true });
  await writeFile(full, '');
  const at = new Date(Date.now() - ageSeconds * 1000);
  await utimes(full, at, at);
}

afterEach(() => rm(root, { recursive: true, force: true }));

describe('isConsoleStale', () => {
  it('is stale without a build and when a console source is newer than it', async () => {
    root = await mkdtemp(join(tmpdir(), 'tianlu-build-'));
    await file('sdk/index.ts', 100);
    expect(await isConsoleStale(root)).toBe(true);
    await file('dist/index.html', 50);
    expect(await isConsoleStale(root)).toBe(false);
    await file('plugins/car/pages/monitor-page.tsx', 10);
    expect(await isConsoleStale(root)).toBe(true);
  });

  it('is not stale when only the SDK package was built or packed after it', async () => {
    root = await mkdtemp(join(tmpdir(), 'tianlu-build-'));
    await file('sdk/index.ts', 100);
    await file('dist/index.html', 50);
    await file('sdk/dist/types/index.d.ts', 10);
    await file('sdk/pack/tianlu-sdk-1.2.0.tgz', 10);
    expect(await isConsoleStale(root)).toBe(false);
  });
});
