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
