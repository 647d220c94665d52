import { KernelApi } from '../../../sdk/contracts/kernel';
import { badInput } from '../envelope';
import { sessionRoute } from '../route-definition';

function coordinate(value: unknown, label: string, min: number, max: number, at: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw badInput(`第 ${at + 1} 个坐标的${label}必须是数字`);
  if (n < min || n > max) throw badInput(`第 ${at + 1} 个坐标的${label}超出范围（${min} 到 ${max}）`);
  return n;
}

export const getGeoRoute = sessionRoute.of(KernelApi.geocode, {
  anyUser: true,
  handler: async ({ body, deps }) => {
    // an older client sends numbers as strings, and anything may come from elsewhere: each field is checked
    const points: readonly { lon?: unknown; lat?: unknown; mac?: unknown; index?: unknown }[] | undefined = body.lonAndLatToAddressVOS;
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
