import { describe, expect, it } from 'vitest';
import { PlatformApi } from '../contracts/platform';
import type { ServiceGetter } from '../plugin';
import { HttpService } from '../services/http-service';
import { PluginRegistry } from '../services/plugin-registry';
import { prefetchPlatformOverview } from './platform-overview';
import { declaredKinds, overviewQuery } from './platform-overview/platform-overview-props';

/** Services of a console where 宠物守护 (13) declares its kinds and 系统管理 (12) declares none. */
function services() {
  const asked: [string, unknown][] = [];
  const registry = { plugins: new Map([['pet', { platformId: 13, assetKinds: ['pet'] }], ['system', { platformId: 12 }]]) };
  const http = {
    prefetch: (endpoint: { path: string }, input: unknown) => {
      asked.push([endpoint.path, input]);
      return Promise.resolve({ flag: 1, msg: '', obj: null });
    },
  };
  const get = ((token: unknown) => (token === HttpService ? http : token === PluginRegistry ? registry : undefined)) as ServiceGetter;
  return { get, asked, registry };
}

describe('prefetchPlatformOverview', () => {
  it('asks the figures the overview asks as it opens: the kinds its plugin declares, or every kind', () => {
    const { get, asked, registry } = services();
    prefetchPlatformOverview(get, 13);
    prefetchPlatformOverview(get, 12);
    expect(asked).toEqual([
      [PlatformApi.overview.path, { platformId: 13, assetKinds: 'pet' }],
      [PlatformApi.overview.path, { platformId: 12 }],
    ]);
    // the view's own call is built the same way
    expect(overviewQuery(13, declaredKinds(registry as never, 13))).toEqual(asked[0]![1]);
  });
});
