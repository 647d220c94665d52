import { describe, expect, it } from 'vitest';
import { GeocodeService, transformCoord, type GeocodeRequestItem } from '@tianlu/sdk';
import { createTestKernel, ok, type FakeRequest } from '../test/fake-server';
import type { GeocodeServiceImpl } from './geocode-service-impl';

type Body = { lonAndLatToAddressVOS: GeocodeRequestItem[] };

function setup(answer: (items: GeocodeRequestItem[]) => unknown = (items) => ok(items.map((i) => ({ index: i.index, address: `地址${i.index}` })))) {
  const k = createTestKernel();
  k.server.on('POST', '/car/v4/api/address/baidu/getGeo.json', (req: FakeRequest) => answer((req.body as Body).lonAndLatToAddressVOS) as never);
  return { ...k, geo: k.get<GeocodeServiceImpl>(GeocodeService) };
}

const items = (n: number, offset = 0): GeocodeRequestItem[] =>
  Array.from({ length: n }, (_, i) => ({ lon: 116 + (i + offset) * 0.001, lat: 39.9, mac: `m${i}`, index: i }));

describe('GeocodeServiceImpl', () => {
  it('posts JSON {lonAndLatToAddressVOS:[{lon,lat,mac,index}]} and maps answers by index', async () => {
    const { geo, server } = setup((list) => ok(list.map((i) => ({ index: i.index, address: `地址${i.mac}` })).reverse()));
    const out = await geo.getAddresses([{ lon: 116.4, lat: 39.9, mac: 'a', index: 3 }, { lon: 116.5, lat: 39.9, mac: 'b', index: 7 }]);
    expect(out).toEqual([{ index: 3, address: '地址a' }, { index: 7, address: '地址b' }]);
    const req = server.requests[0]!;
    expect(req.headers['Content-Type']).toContain('application/json');
    expect(req.body).toEqual({ lonAndLatToAddressVOS: [{ lon: 116.4, lat: 39.9, mac: 'a', index: 0 }, { lon: 116.5, lat: 39.9, mac: 'b', index: 1 }] });
  });

  it('sends the lookups asked for at the same moment as one request, each coordinate once', async () => {
    const { geo, server } = setup((list) => ok(list.map((i) => ({ index: i.index, address: `地址${i.lon.toFixed(3)}` }))));
    const cards = Array.from({ length: 20 }, (_, i) => geo.getAddress(116 + i * 0.001, 39.9));
    const again = geo.getAddress(116, 39.9);
    const answers = await Promise.all([...cards, again]);
    expect(server.requests).toHaveLength(1);
    expect((server.requests[0]!.body as Body).lonAndLatToAddressVOS).toHaveLength(20);
    expect(answers[19]).toBe('地址116.019');
    expect(answers[20]).toBe('地址116.000');
  });

  it('sends batches of 50', async () => {
    const { geo, server } = setup((list) => ok(list.map((i) => ({ index: i.index, address: `地址${i.mac}` }))));
    const out = await geo.getAddresses(items(120));
    expect(server.requests.map((r) => (r.body as Body).lonAndLatToAddressVOS.length)).toEqual([50, 50, 20]);
    expect(out).toHaveLength(120);
    expect(out[119]).toEqual({ index: 119, address: '地址m119' });
  });

  it('caches by rounded coordinate', async () => {
    const { geo, server } = setup();
    await geo.getAddress(116.4000001, 39.9000001);
    expect(await geo.getAddress(116.4000002, 39.9000002)).toBe('地址0');
    expect(server.requests).toHaveLength(1);
  });

  it('clears the cache when it grows above 1000 entries', async () => {
    const { geo, server } = setup();
    await geo.getAddresses(items(1000));
    expect(geo.cacheSize).toBe(1000);
    await geo.getAddresses(items(1, 0));
    expect(server.requests).toHaveLength(20);
    await geo.getAddresses(items(1, 5000));
    expect(geo.cacheSize).toBe(0);
    await geo.getAddresses(items(1, 0));
    expect(server.requests).toHaveLength(22);
  });

  it('converts from the input system to WGS84 first', async () => {
    const { geo, server } = setup();
    const [lon, lat] = transformCoord([116.397128, 39.916527], 'WGS84', 'BD09');
    await geo.getAddress(lon, lat, 'BD09');
    const sent = (server.requests[0]!.body as Body).lonAndLatToAddressVOS[0]!;
    expect(sent.lon).toBeCloseTo(116.397128, 5);
    expect(sent.lat).toBeCloseTo(39.916527, 5);
  });

  it("answers 获取位置失败 on failure, an empty result or address '[]', and does not cache failures", async () => {
    const failing = setup(() => ({ error: 'network' }));
    expect(await failing.geo.getAddress(116, 39)).toBe('获取位置失败');

    const empty = setup(() => ok([]));
    expect(await empty.geo.getAddress(116, 39)).toBe('获取位置失败');

    const brackets = setup((list) => ok(list.map((i) => ({ index: i.index, address: '[]' }))));
    expect(await brackets.geo.getAddress(116, 39)).toBe('获取位置失败');
    expect(await brackets.geo.getAddress(116, 39)).toBe('获取位置失败');
    expect(brackets.server.requests).toHaveLength(2);

    const badFlag = setup(() => ({ data: { flag: 500, msg: 'x', obj: null } }));
    expect(await badFlag.geo.getAddress(116, 39)).toBe('获取位置失败');
  });
});
