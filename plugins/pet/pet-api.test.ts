import { describe, expect, it } from 'vitest';
import { HttpService, MonitorApi, type ServiceGetter } from '@tianlu/sdk';
import { PetApi, petPositionQuery, prefetchZones, zonePetsQuery } from './pet-api';

/** An HttpService whose prefetches answer from `answers` (by path), recording what was asked. */
function askedAhead(answers: Record<string, unknown>) {
  const asked: [string, unknown][] = [];
  const http = {
    prefetch: (endpoint: { path: string }, input?: unknown) => {
      asked.push([endpoint.path, input]);
      const obj = answers[endpoint.path];
      return obj instanceof Error ? Promise.reject(obj) : Promise.resolve({ flag: 1, msg: '', obj });
    },
  };
  return { get: ((token: unknown) => (token === HttpService ? http : undefined)) as ServiceGetter, asked };
}

const settled = () => new Promise((r) => setTimeout(r, 0));

describe('安全区域 asked ahead by its route', () => {
  it("asks the pets, then the first pet's zones and position as the list arrives", async () => {
    const { get, asked } = askedAhead({ [PetApi.list.path]: { total: 2, list: [{ vehicleId: 7, terminalNo: '8800001' }, { vehicleId: 8, terminalNo: '8800002' }] } });
    prefetchZones(get);
    await settled();
    expect(asked).toEqual([
      [PetApi.list.path, zonePetsQuery()],
      [PetApi.zones.path, { vehicleId: 7 }],
      [MonitorApi.list.path, petPositionQuery('8800001')],
    ]);
  });

  it('asks no position for a pet without a collar, and nothing more for no pets', async () => {
    const bare = askedAhead({ [PetApi.list.path]: { total: 1, list: [{ vehicleId: 9, terminalNo: null }] } });
    prefetchZones(bare.get);
    await settled();
    expect(bare.asked.map(([path]) => path)).toEqual([PetApi.list.path, PetApi.zones.path]);
    const none = askedAhead({ [PetApi.list.path]: { total: 0, list: [] } });
    prefetchZones(none.get);
    await settled();
    expect(none.asked).toHaveLength(1);
  });
});
