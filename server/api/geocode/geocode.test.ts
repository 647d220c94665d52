import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../testing/api-client';
import { createTestServer, type TestServer } from '../../testing/test-server';

const GEO = '/car/v4/api/address/baidu/getGeo.json';

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await createTestServer({ demo: true, gateway: false });
  admin = new ApiClient(server.app);
  await admin.login('admin', 'Admin@123');
});
afterAll(() => server.close());

describe('getGeo.json (offline reverse geocoding)', () => {
  it('names 省 市 区 for a batch of WGS84 points, keeping their index', async () => {
    const res = await admin.postJson<{ index: number; address: string; province?: string; district?: string; adcode?: string }[]>(GEO, {
      lonAndLatToAddressVOS: [
        { lon: 116.397, lat: 39.909, mac: 'a', index: 7 },
        { lon: 121.4737, lat: 31.2304, index: 8 },
        { lon: '113.2644', lat: '23.1291', index: 9 },
        { lon: 2.35, lat: 48.85, index: 10 },
      ],
    });
    expect(res.flag).toBe(1);
    expect(res.obj.map((r) => r.index)).toEqual([7, 8, 9, 10]);
    expect(res.obj[0]).toMatchObject({ address: '北京市东城区', province: '北京市', district: '东城区', adcode: '110101', mac: 'a' });
    expect(res.obj[1]!.address).toContain('上海市');
    expect(res.obj[2]!.address).toBe('广东省广州市越秀区');
    expect(res.obj[3]!.address).toBe('境外');
  });

  it('names the four municipalities (天津 included: its map ships only as GeoJSON)', async () => {
    const res = await admin.postJson<{ index: number; address: string; province?: string }[]>(GEO, {
      lonAndLatToAddressVOS: [
        { lon: 116.3975, lat: 39.9087, index: 0 },
        { lon: 117.1902, lat: 39.1256, index: 1 },
        { lon: 121.4737, lat: 31.2304, index: 2 },
        { lon: 106.5516, lat: 29.563, index: 3 },
      ],
    });
    expect(res.obj.map((r) => r.province)).toEqual(['北京市', '天津市', '上海市', '重庆市']);
    expect(res.obj[1]!.address).toBe('天津市和平区');
  });

  it('refuses bad input with a Chinese message', async () => {
    expect(await admin.postJson(GEO, {})).toMatchObject({ flag: 400, msg: '坐标列表不能为空' });
    expect(await admin.postJson(GEO, { lonAndLatToAddressVOS: [{ lon: 'x', lat: 39 }] })).toMatchObject({ flag: 400, msg: '第 1 个坐标的经度必须是数字' });
    expect(await admin.postJson(GEO, { lonAndLatToAddressVOS: [{ lon: 116, lat: 39 }, { lon: 116, lat: 95 }] })).toMatchObject({
      flag: 400, msg: '第 2 个坐标的纬度超出范围（-90 到 90）',
    });
    expect(await admin.postJson(GEO, { lonAndLatToAddressVOS: 'x' })).toMatchObject({ flag: 400, msg: expect.stringMatching(/^坐标/) });
    expect((await new ApiClient(server.app).postJson(GEO, { lonAndLatToAddressVOS: [{ lon: 116, lat: 39 }] })).flag).toBe(4010);
  });
});
