import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: fileURLToPath(new URL('../../eslint.config.js', import.meta.url)) });

/** Messages of the boundary rule for `code` linted as if it were the file `filePath` (repo-relative). */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result.messages.filter((m) => m.fatal);
  expect(fatal, 'the code must parse').toEqual([]);
  return result.messages.filter((m) => m.ruleId === 'tianlu/layer-boundaries').map((m) => m.message);
}

describe('layer boundary lint rule', () => {
  it('rejects a plugin importing core through a relative path', async () => {
    const errors = await boundaryErrors('plugins/car/pages/monitor-page.tsx', "import { x } from '../../../core';\nexport const y = x;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Plugin 'car' may not import '..\/..\/..\/core'/);
  });

  it('rejects a plugin file importing ../../core from the plugin root', async () => {
    const errors = await boundaryErrors('plugins/car/car-plugin.tsx', "import '../../core';\n");
    expect(errors).toHaveLength(1);
  });

  it('accepts the SDK entry, shared singletons and own files', async () => {
    const code = [
      "import { definePlugin } from '@tianlu/sdk';",
      "import { useState } from 'react';",
      "import { observer } from 'mobx-react-lite';",
      "import { makeAutoObservable } from 'mobx';",
      "import { Button } from '@fluentui/react-components';",
      "import { VehicleCar24Regular } from '@fluentui/react-icons';",
      "import { monitorStore } from './stores/monitor-store';",
      "import { columns } from '../pages/columns';",
      'export default [definePlugin, useState, observer, makeAutoObservable, Button, VehicleCar24Regular, monitorStore, columns];',
    ].join('\n');
    expect(await boundaryErrors('plugins/car/views/car-view.tsx', code)).toEqual([]);
  });

  it.each([
    ['host', "import '../../host/layout';"],
    ['server', "import '../../server/store/db';"],
    ['another plugin', "import '../system/system-plugin';"],
    ['a deep sdk path', "import '../../sdk/geo';"],
    ['a deep sdk alias', "import '@tianlu/sdk/geo';"],
    ['core by baseUrl', "import 'core/container';"],
    ['an unshared package', "import 'inversify';"],
    ['a dynamic import of core', "export const load = () => import('../../core/http');"],
    ['a re-export from host', "export * from '../../host/router';"],
  ])('rejects a plugin importing %s', async (_what, code) => {
    expect(await boundaryErrors('plugins/car/car-plugin.tsx', code)).toHaveLength(1);
  });

  it("lets a plugin's tests use test tooling, but not the kernel", async () => {
    const tooling = "import { it } from 'vitest';\nimport { render } from '@testing-library/react';\nexport { it, render };";
    expect(await boundaryErrors('plugins/center/pages/notice-page.test.tsx', tooling)).toEqual([]);
    expect(await boundaryErrors('plugins/center/pages/notice-page.tsx', tooling)).toHaveLength(2);
    expect(await boundaryErrors('plugins/center/pages/notice-page.test.tsx', "import '../../../core/test/fake-server';")).toHaveLength(1);
  });

  it("lets a plugin's tests, and only its tests, render a page against the real server through the page kit", async () => {
    const kit = "import { startPageServer } from '../../../testing/plugin-page-kit';\nexport { startPageServer };";
    expect(await boundaryErrors('plugins/center/pages/notice-page.test.tsx', kit)).toEqual([]);
    expect(await boundaryErrors('plugins/center/pages/notice-page.tsx', kit)).toHaveLength(1);
    expect(await boundaryErrors('plugins/center/pages/notice-page.test.tsx', "import '../../../server/testing/test-server';")).toHaveLength(1);
  });

  it('holds an example plugin (examples/<name>/) to the plugin rule, except its build config', async () => {
    const shared = "import { definePlugin } from '@tianlu/sdk';\nimport { Button } from '@fluentui/react-components';\nexport { definePlugin, Button };";
    expect(await boundaryErrors('examples/hello-plugin/hello-plugin.tsx', shared)).toEqual([]);
    expect(await boundaryErrors('examples/hello-plugin/hello-page.tsx', "import '../../core';")).toHaveLength(1);
    expect(await boundaryErrors('examples/hello-plugin/hello-page.tsx', "import '../../plugins/car/car-plugin';")).toHaveLength(1);
    expect(await boundaryErrors('examples/hello-plugin/hello-page.tsx', "import axios from 'axios';\nexport { axios };")).toHaveLength(1);
    expect(await boundaryErrors('examples/hello-plugin/vite.config.ts', "import { defineConfig } from 'vite';\nexport default defineConfig({});")).toEqual([]);
  });

  it('keeps sdk, core and server inside their direction', async () => {
    expect(await boundaryErrors('sdk/services/x.ts', "import '../../core/x';")).toHaveLength(1);
    expect(await boundaryErrors('sdk/x.ts', "import '../plugins/car/car-plugin';")).toHaveLength(1);
    // the server part harness compiles the platform's checks into the SDK; nothing else of sdk/ may
    expect(await boundaryErrors('sdk/server/testing/x.ts', "import '../../../server/plugin-parts/server-part-shape';")).toEqual([]);
    expect(await boundaryErrors('sdk/server/x.ts', "import '../../server/plugin-parts/server-part-shape';")).toHaveLength(1);
    expect(await boundaryErrors('core/http/x.ts', "import '../../host/x';")).toHaveLength(1);
    expect(await boundaryErrors('core/x.ts', "import '../server/x';")).toHaveLength(1);
    // the SDK entry would take every SDK component into the console's start: host and core import the declaring module
    expect(await boundaryErrors('core/x.ts', "import { StorageService } from '@tianlu/sdk';\nexport { StorageService };")).toHaveLength(1);
    expect(await boundaryErrors('host/layout/x.tsx', "import { useService } from '@tianlu/sdk';\nexport { useService };")).toHaveLength(1);
    expect(await boundaryErrors('core/x.ts', "import { StorageService } from '../sdk/services/storage-service';\nexport { StorageService };")).toEqual([]);
    expect(await boundaryErrors('core/x.ts', "import type { User } from '@tianlu/sdk';\nexport type U = User;")).toEqual([]);
    expect(await boundaryErrors('host/layout/x.test.tsx', "import { useService } from '@tianlu/sdk';\nexport { useService };")).toEqual([]);
    expect(await boundaryErrors('server/api/x.ts', "import '../../core/x';")).toHaveLength(1);
    expect(await boundaryErrors('server/api/x.ts', "import '../../plugins/car/car-plugin';")).toHaveLength(1);
    expect(await boundaryErrors('server/api/x.ts', "import { transformCoord } from '../../sdk/geo';\nexport { transformCoord };")).toEqual([]);
    expect(await boundaryErrors('server/api/x.ts', "import { transformCoord } from '@tianlu/sdk/geo';\nexport { transformCoord };")).toEqual([]);
    // the SDK entry pulls React in: a value import is refused, a type-only import is erased and fine
    expect(await boundaryErrors('server/api/x.ts', "import { useService } from '@tianlu/sdk';\nexport { useService };")).toHaveLength(1);
    expect(await boundaryErrors('server/api/x.ts', "import type { User } from '@tianlu/sdk';\nexport type U = User;")).toEqual([]);
  });

  it("holds a sub-application's server half to the module contract", async () => {
    const allowed = [
      "import { sessionRoute, sql } from '../../../server/module';",
      "import { LEASE_STATUS_NAMES } from '../../../sdk/lease';",
      "import { leaseOf } from './lease-services';",
      'export default [sessionRoute, sql, LEASE_STATUS_NAMES, leaseOf];',
    ].join('\n');
    expect(await boundaryErrors('plugins/elec-lease/server/lease-routes.ts', allowed)).toEqual([]);
    expect(await boundaryErrors('plugins/elec-lease/server/lease.test.ts', "import { it } from 'vitest';\nimport { createTestServer } from '../../../server/module/testing';\nexport { it, createTestServer };")).toEqual([]);
    for (const code of [
      "import { badInput } from '../../../server/api/envelope';",
      "import { createTestServer } from '../../../server/module/testing';",
      "import { sql } from 'kysely';",
      "import { carDeclaration } from '../../car/car-declaration';",
      "import { SideNav } from '@tianlu/sdk';",
      "import { LeasePaths } from '../lease/lease-api';",
    ]) expect(await boundaryErrors('plugins/elec-lease/server/lease-routes.ts', code), code).toHaveLength(1);
  });

  it("keeps a sub-application's server half out of its pages and out of server/ but for the module list", async () => {
    const code = "import { elecLeaseModule } from '../../plugins/elec-lease/server/elec-lease-module';\nexport const list = [elecLeaseModule];";
    expect(await boundaryErrors('server/modules/built-in-modules.ts', code)).toEqual([]);
    expect(await boundaryErrors('server/app.ts', code.replace('../../plugins', '../plugins'))).toHaveLength(1);
    expect(await boundaryErrors('plugins/elec-lease/pages/contract-page.tsx', "import { leaseOf } from '../server/lease-services';\nexport const x = leaseOf;")).toHaveLength(1);
  });

  it("lets the server read a sub-application's declaration, which imports types only", async () => {
    const read = "import { carDeclaration } from '../../plugins/car/car-declaration';\nexport { carDeclaration };";
    expect(await boundaryErrors('server/api/x.ts', read)).toEqual([]);
    expect(await boundaryErrors('server/api/x.ts', "import { x } from '../../plugins/car/pages/overview-page';\nexport { x };")).toHaveLength(1);
    expect(await boundaryErrors('plugins/car/car-declaration.ts', "import type { PluginDeclaration } from '@tianlu/sdk';\nexport type D = PluginDeclaration;")).toEqual([]);
    expect(await boundaryErrors('plugins/car/car-declaration.ts', "import { definePlugin } from '@tianlu/sdk';\nexport const d = definePlugin;")).toEqual([
      "A declaration module is plain data the server reads: it may import types only ('@tianlu/sdk').",
    ]);
  });
});
