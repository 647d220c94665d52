import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Plugin, type Rolldown } from 'vite';
import { axiosXhrOnlyPlugin } from './axios-xhr-only-plugin';

/** Inside the repository (ignored by git), so the fixture finds axios in node_modules as the console does. */
const fixturesDir = fileURLToPath(new URL('../../.test-fixtures', import.meta.url));

/** The console's use of axios: the adapter it sends through, and whether a fetch adapter is there at all. */
const MAIN = `import axios from 'axios';
export const adapterName = () => axios.getAdapter(axios.defaults.adapter).adapterName;
export const fetchAdapter = () => { try { return axios.getAdapter('fetch').adapterName; } catch (e) { return 'absent: ' + e.message; } };
`;

let dir: string;

async function bundle(plugins: Plugin[]): Promise<string> {
  const out = (await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: { write: false, minify: false, lib: { entry: join(dir, 'main.ts'), formats: ['es'], fileName: 'main' } },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  return (Array.isArray(out) ? out : [out]).flatMap((o) => o.output).flatMap((o) => (o.type === 'chunk' ? [o.code] : [])).join('\n');
}

let withPlugin: string;
let without: string;

beforeAll(async () => {
  await mkdir(fixturesDir, { recursive: true });
  dir = await mkdtemp(join(fixturesDir, 'axios-xhr-only-'));
  await writeFile(join(dir, 'main.ts'), MAIN);
  [withPlugin, without] = [await bundle([axiosXhrOnlyPlugin()]), await bundle([])];
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("axios in the console's build", () => {
  it("holds no fetch adapter, whose module tries the browser's fetch with a streamed Request as it loads", () => {
    // the feature test of axios's fetch adapter (lib/adapters/fetch.js), there without the plugin
    expect(without).toContain('duplexAccessed');
    expect(withPlugin).not.toContain('duplexAccessed');
    expect(withPlugin.length).toBeLessThan(without.length);
  });

  it('sends through XHR as before, and says plainly that fetch is not in this build', async () => {
    const file = join(dir, 'built.mjs');
    await writeFile(file, withPlugin);
    const g = globalThis as { XMLHttpRequest?: unknown };
    const had = g.XMLHttpRequest;
    // a browser's XMLHttpRequest, as axios checks for it
    g.XMLHttpRequest = class {};
    try {
      const built = (await import(pathToFileURL(file).href)) as { adapterName(): string; fetchAdapter(): string };
      expect(built.adapterName()).toBe('xhr');
      expect(built.fetchAdapter()).toMatch(/^absent: .*fetch/);
    } finally {
      g.XMLHttpRequest = had;
    }
  });
});
