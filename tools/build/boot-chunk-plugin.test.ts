import { describe, expect, it } from 'vitest';
import { BOOT_CHUNK, bootChunkPlugin, LOGIN_CHUNK, SHELL_CHUNK, staticClosure } from './boot-chunk-plugin';

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

describe('the groups', () => {
  it("puts what the login document runs into `login`, the console's start without it into `boot`, and leaves the entry's deciding module alone", () => {
    const imports: Record<string, string[]> = {
      '/repo/host/main.tsx': ['/repo/host/login-document/opens-login-document.ts'],
      '/repo/host/login-document/opens-login-document.ts': ['/repo/core/boot/boot-data.ts'],
      '/repo/host/login-document/login-document.tsx': ['/repo/core/boot/boot-data.ts', '/repo/node_modules/react-dom/client.js', '/repo/host/pages/login/new-login-page.tsx'],
      '/repo/host/console-main.tsx': ['/repo/node_modules/react-dom/client.js', '/repo/node_modules/mobx/dist/mobx.esm.js', '/repo/host/app/start-console.tsx'],
      '/repo/host/app/start-console.tsx': ['/repo/core/boot/boot-data.ts'],
      '/repo/host/pages/login/login-page.tsx': ['/repo/host/pages/login/new-login-page.tsx'],
      '/repo/host/layout/main-layout.tsx': ['/repo/sdk/index.ts'],
    };
    const { plugin, groups } = bootChunkPlugin({
      entry: '/host/main.tsx',
      console: '/host/console-main.tsx',
      loginDocument: '/host/login-document/login-document.tsx',
      login: ['/host/pages/login/login-page.tsx'],
      visitor: [],
      shell: ['/host/layout/main-layout.tsx'],
    });
    const context = { getModuleIds: () => Object.keys(imports).values(), getModuleInfo: (id: string) => ({ importedIds: imports[id] ?? [] }) };
    (plugin.buildStart as () => void).call(context);
    (plugin.buildEnd as () => void).call(context);
    const groupOf = (id: string) => groups.find((g) => g.test(`/repo${id}`))?.name;
    expect(groupOf('/host/login-document/login-document.tsx')).toBe(LOGIN_CHUNK);
    expect(groupOf('/host/pages/login/new-login-page.tsx')).toBe(LOGIN_CHUNK);
    expect(groupOf('/core/boot/boot-data.ts')).toBe(LOGIN_CHUNK);
    expect(groupOf('/node_modules/react-dom/client.js')).toBe(LOGIN_CHUNK);
    expect(groupOf('/host/console-main.tsx')).toBe(BOOT_CHUNK);
    expect(groupOf('/node_modules/mobx/dist/mobx.esm.js')).toBe(BOOT_CHUNK);
    expect(groupOf('/host/pages/login/login-page.tsx')).toBe(BOOT_CHUNK);
    expect(groupOf('/host/layout/main-layout.tsx')).toBe(SHELL_CHUNK);
    expect(groupOf('/host/main.tsx')).toBeUndefined();
    expect(groupOf('/host/login-document/opens-login-document.ts')).toBeUndefined();
  });
});
