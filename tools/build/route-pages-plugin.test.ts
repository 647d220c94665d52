import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';
import { pageImports, ROUTE_PAGES_FILE, routePagesPlugin, sdkNames, type RoutePage } from './route-pages-plugin';

describe('pageImports', () => {
  it("reads each path and its page's import from a plugin's page table", () => {
    const code = `const pages = {\n  '/car/overview': () => import('./pages/overview-page'),\n  "/data-report/dataReport/tripReport": () =>\n    import("./pages/trip-report-page"),\n  '/car/monitor': { load: () => import('./pages/monitor-page'), prefetch: (get) => prefetchAssetMonitor(get) },\n};\nconst other = { label: () => import('./not-a-page') };`;
    expect(pageImports(code)).toEqual([
      ['/car/overview', './pages/overview-page'],
      ['/data-report/dataReport/tripReport', './pages/trip-report-page'],
      ['/car/monitor', './pages/monitor-page'],
    ]);
  });
});

describe('sdkNames', () => {
  it('reads the values a module imports from the SDK, not its types', () => {
    const code = `import { AssetMonitor, type Alarm, useService as use } from '@tianlu/sdk';\nimport type { Page } from '@tianlu/sdk';\nimport { other } from './other';`;
    expect(sdkNames(code)).toEqual(['AssetMonitor', 'useService']);
  });

  it('reads the values a module passes on from the SDK (a page then draws them through it)', () => {
    const code = `export { orderTenants, TenantSelect as Picker } from '@tianlu/sdk';\nexport type { TenantOption } from '@tianlu/sdk';`;
    expect(sdkNames(code)).toEqual(['orderTenants', 'TenantSelect']);
  });
});

/** A console, an SDK with an on-demand map and a chart holding data, and a plugin of three pages. */
const FILES: Record<string, string> = {
  'host/index.html': '<!doctype html><html><body><script type="module" src="./main.ts"></script></body></html>',
  'host/main.ts': "import('../plugins/demo/demo-plugin');",
  'sdk/index.ts': "export * from './components/map';\nexport * from './components/chart';\nexport * from './components/label';",
  'sdk/components/map.tsx': "import { preloadChart } from './chart';\nexport function MapBox() { preloadChart(); return import('./map/map-view'); }",
  'sdk/components/map/map-view.tsx': 'export default function MapView() { return 1; }',
  'sdk/components/chart.tsx': "export function preloadChart() { return import('./chart/chart-view'); }\nexport function Chart() { return import('./chart/china.json'); }",
  'sdk/components/chart/chart-view.tsx': 'export default function ChartView() { return 2; }',
  'sdk/components/chart/china.json': '{"shapes":[1,2,3]}',
  'sdk/components/label.tsx': 'export function Label() { return 3; }',
  'plugins/demo/demo-plugin.tsx': "export const pages = {\n  '/demo/map': () => import('./pages/map-page'),\n  '/demo/label': () => import('./pages/label-page'),\n  '/demo/typed': () => import('./pages/typed-page'),\n};",
  // the map is drawn by a part of the page, not the page module itself
  'plugins/demo/pages/map-page.tsx': "import { part } from './map-part';\nexport default function MapPage() { return part; }",
  'plugins/demo/pages/map-part.tsx': "import { MapBox, Label } from '@tianlu/sdk';\nexport const part = [MapBox, Label];",
  'plugins/demo/pages/label-page.tsx': "import { Label } from '@tianlu/sdk';\nexport default function LabelPage() { return Label; }",
  'plugins/demo/pages/typed-page.tsx': "import type { MapBox } from '@tianlu/sdk';\nexport default function TypedPage(): typeof MapBox | undefined { return undefined; }",
};

let dir: string;
let routes: Record<string, RoutePage>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tianlu-route-pages-'));
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), text);
  }
  const root = join(dir, 'host');
  const out = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [routePagesPlugin(root)],
    resolve: { alias: [{ find: /^@tianlu\/sdk$/, replacement: join(dir, 'sdk', 'index.ts') }] },
    build: { write: false, manifest: true },
  })) as Rolldown.RolldownOutput;
  const asset = out.output.find((o) => o.fileName === ROUTE_PAGES_FILE);
  routes = JSON.parse(String(asset?.type === 'asset' ? asset.source : '{}')) as Record<string, RoutePage>;
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('route-pages.json', () => {
  it("lists each page's source and the code of the SDK views its modules draw, with what those load beside them", () => {
    expect(routes['/demo/map']).toEqual({
      page: '../plugins/demo/pages/map-page.tsx',
      views: ['../sdk/components/chart/chart-view.tsx', '../sdk/components/map/map-view.tsx'],
    });
  });

  it('lists no views for a page that draws none, nor for one that only names an SDK type', () => {
    expect(routes['/demo/label']).toEqual({ page: '../plugins/demo/pages/label-page.tsx', views: [] });
    expect(routes['/demo/typed']).toEqual({ page: '../plugins/demo/pages/typed-page.tsx', views: [] });
  });
});
