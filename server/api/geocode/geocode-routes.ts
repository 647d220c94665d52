import { badInput } from '../envelope';
import { sessionRoute } from '../route-definition';

interface GeoRequest {
  lonAndLatToAddressVOS?: { lon?: unknown; lat?: unknown; mac?: unknown; index?: unknown }[];
}

const MAX_POINTS = 500;

function coordinate(value: unknown, label: string, min: number, max: number, at: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw badInput(`第 ${at + 1} 个坐标的${label}必须是数字`);
  if (n < min || n > max) throw badInput(`第 ${at + 1} 个坐标的${label}超出范围（${min} 到 ${max}）`);
  return n;
}

export const getGeoRoute = sessionRoute<unknown, GeoRequest>({
  method: 'POST',
  url: '/car/v4/api/address/baidu/getGeo.json',
  summary: '逆地理编码：WGS84 坐标批量转中文地址（离线行政区划数据；配置 GEOCODER 与 GEOCODER_KEY 时使用在线服务）',
  schema: {
    body: {
      type: 'object',
      properties: {
        lonAndLatToAddressVOS: { type: 'array', title: '坐标列表', maxItems: MAX_POINTS, items: { type: 'object', title: '坐标' } },
      },
    },
  },
  anyUser: true,
  handler: async ({ body, deps }) => {
    const points = body.lonAndLatToAddressVOS;
    if (!Array.isArray(points) || points.length === 0) throw badInput('坐标列表不能为空');
    const parsed = points.map((p, i) => ({
      index: p.index ?? i,
      mac: p.mac,
      lon: coordinate(p.lon, '经度', -180, 180, i),
      lat: coordinate(p.lat, '纬度', -90, 90, i),
    }));
    const results = [];
    for (const p of parsed) {
      const geo = await deps.geocoder.reverse(p.lon, p.lat);
      results.push({ index: p.index, ...(p.mac !== undefined && { mac: p.mac }), ...geo });
    }
    return results;
  },
});
