import { describe, expect, it } from 'vitest';
import { pageImports } from './route-pages-plugin';

describe('pageImports', () => {
  it("reads each path and its page's import from a plugin's page table", () => {
    const code = `const pages = {\n  '/car/overview': () => import('./pages/overview-page'),\n  "/data-report/dataReport/tripReport": () =>\n    import("./pages/trip-report-page"),\n};\nconst other = { label: () => import('./not-a-page') };`;
    expect(pageImports(code)).toEqual([
      ['/car/overview', './pages/overview-page'],
      ['/data-report/dataReport/tripReport', './pages/trip-report-page'],
    ]);
  });
});
