import { describe, expect, it } from 'vitest';
import { staticClosure } from './boot-chunk-plugin';

describe('staticClosure', () => {
  it("follows the entry's static imports, cycles included, and leaves Fluent UI's packages to the bundler", () => {
    const imports: Record<string, string[]> = {
      '/repo/host/main.tsx': ['/repo/host/app/app-root.tsx', '/repo/node_modules/react/index.js'],
      '/repo/host/app/app-root.tsx': ['/repo/node_modules/@fluentui/react-components/lib/index.js', '/repo/sdk/index.ts', '/repo/host/main.tsx'],
      '/repo/sdk/index.ts': ['/repo/node_modules/mobx/dist/mobx.esm.js', '/repo/node_modules/tabster/dist/tabster.esm.js'],
      '/repo/node_modules/@fluentui/react-components/lib/index.js': ['/repo/node_modules/@fluentui/react-menu/lib/index.js'],
      // only imported lazily: not part of the start
      '/repo/host/layout/main-layout.tsx': ['/repo/node_modules/echarts/index.js'],
    };
    expect([...staticClosure('/repo/host/main.tsx', (id) => imports[id])].sort()).toEqual([
      '/repo/host/app/app-root.tsx',
      '/repo/host/main.tsx',
      '/repo/node_modules/mobx/dist/mobx.esm.js',
      '/repo/node_modules/react/index.js',
      '/repo/sdk/index.ts',
    ]);
  });
});

describe('staticClosure of several roots', () => {
  it('joins what each root imports statically, so the login page and the Fluent parts it uses start with the entry', () => {
    const imports: Record<string, string[]> = {
      '/repo/host/main.tsx': ['/repo/sdk/services/session-service.ts'],
      // loaded lazily by the routes, yet what a visitor's first page renders
      '/repo/host/pages/login/login-page.tsx': ['/repo/host/pages/login/account-login-form.tsx'],
      '/repo/host/pages/login/account-login-form.tsx': ['/repo/sdk/services/session-service.ts', '/repo/node_modules/@fluentui/react-button/lib/index.js'],
      '/repo/sdk/index.ts': ['/repo/sdk/services/session-service.ts', '/repo/sdk/components/asset-map.tsx'],
    };
    expect([...staticClosure(['/repo/host/main.tsx', '/repo/host/pages/login/login-page.tsx'], (id) => imports[id])].sort()).toEqual([
      '/repo/host/main.tsx',
      '/repo/host/pages/login/account-login-form.tsx',
      '/repo/host/pages/login/login-page.tsx',
      '/repo/sdk/services/session-service.ts',
    ]);
  });
});
