import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, HttpService, MonitorApi, type HttpService as Http, type Pet } from '@tianlu/sdk';
import { startPageServer, type PageServer } from '../../testing/plugin-page-kit';
import { askZonesAhead, PetApi, petPositionQuery, prefetchZones, zonePetsQuery } from './pet-api';

const LIST = PetApi.list.path;
const ZONES = PetApi.zones.path;
const POSITION = MonitorApi.list.path;

let kit: PageServer;

beforeAll(async () => {
  kit = await startPageServer();
  const { store } = kit.server;
  const demo = (await store.org.findTenantByName('天路演示'))!;
  for (const [i, name] of ['豆豆', '球球'].entries()) {
    const imei = `35871004000013${i}`;
    await store.fleet.provision({ tenantId: demo.id, groupId: null, terminalNo: imei, displayNo: imei, authCode: '', imei, protocol: 'gt06', plateNo: name, assetKind: 'pet' });
  }
});

afterAll(() => kit?.close());

/** The query string of an input, as the server receives it. */
const asQuery = (input: Record<string, string | number>) => Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)]));

describe('安全区域 asked ahead by its route', () => {
  it("asks the pets, then the first pet's zones and position as the list arrives", async () => {
    await kit.askAhead(prefetchZones, [LIST, ZONES, POSITION]);
    expect(kit.requests(LIST).map((r) => r.query)).toEqual([asQuery(zonePetsQuery())]);
    const first = (kit.requests(LIST)[0]!.answer as { list: Pet[] }).list[0]!;
    expect(first.terminalNo).toBeTruthy();
    expect(kit.requests(ZONES).map((r) => r.query)).toEqual([{ vehicleId: String(first.vehicleId) }]);
    expect(kit.requests(POSITION).map((r) => r.query)).toEqual([asQuery(petPositionQuery(first.terminalNo!))]);
  });

  it("opened again in the session, asks the zones and position of the pet first the last time beside the list, not after it", async () => {
    const kernel = await kit.askAhead(prefetchZones, [LIST, ZONES, POSITION]);
    const first = (kit.requests(LIST)[0]!.answer as { list: Pet[] }).list[0]!;
    // the page opened takes those answers
    const http = kernel.get<Http>(HttpService);
    await http.call(PetApi.list, zonePetsQuery());
    await http.call(PetApi.zones, { vehicleId: first.vehicleId });
    await http.call(MonitorApi.list, petPositionQuery(first.terminalNo!));
    kit.forget();
    // the list's answer fails this time: what was asked beside it is asked all the same
    kit.failNext(LIST);
    prefetchZones((token) => kernel.get(token));
    await expect.poll(() => kit.requests(LIST).map((r) => r.flag)).toEqual([500]);
    await expect.poll(() => kit.requests(ZONES).map((r) => r.query)).toEqual([{ vehicleId: String(first.vehicleId) }]);
    await expect.poll(() => kit.requests(POSITION).map((r) => r.query)).toEqual([asQuery(petPositionQuery(first.terminalNo!))]);
  });

  it('asks no position for a pet without a collar, and nothing more when the pets cannot be read', async () => {
    const { kernel } = await kit.login();
    const http = kernel.get<Http>(HttpService);
    const pet = expectOk(await http.call(PetApi.list, zonePetsQuery('豆豆'))).list[0]!;
    kit.forget();
    askZonesAhead(http, { vehicleId: pet.vehicleId, terminalNo: null });
    await expect.poll(() => kit.requests(ZONES).length).toBe(1);
    kit.failNext(LIST);
    prefetchZones((token) => kernel.get(token));
    await expect.poll(() => kit.requests(LIST).map((r) => r.flag)).toEqual([500]);
    // a request asked after the list's answer has had its own: nothing else was asked
    await http.call(PetApi.list, zonePetsQuery('咪')).catch(() => undefined);
    expect([kit.requests(ZONES).length, kit.requests(POSITION).length]).toEqual([1, 0]);
  });
});
