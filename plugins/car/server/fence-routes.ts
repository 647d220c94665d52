import { badInput, notFound, polygonAreaMetres, sessionRoute, toChinaIso, type FenceInput, type FenceRecord } from '../../../server/module';
import { MIXED_ASSET_WORDS } from '../../../sdk/asset-vocabulary';
import { FENCE_MAX_POINTS, FenceApi, type FenceSaveBody } from '../../../sdk/contracts/fence';
import type { Fence } from '../../../sdk/fence';

/** 电子围栏. */
const FENCE_RESOURCE = 8500;
const MIN_RADIUS = 10;
const MAX_RADIUS = 100_000;

export function toFence(f: FenceRecord): Fence {
  return {
    id: f.id,
    name: f.name,
    shape: f.shape,
    ...(f.shape === 'circle' ? { center: f.center!, radius: f.radius! } : { points: f.points! }),
    trigger: f.trigger,
    vehicleIds: f.vehicleIds,
    groupIds: f.groupIds,
    createTime: toChinaIso(f.createTime),
  };
}

type FenceBody = FenceSaveBody;

function checkLonLat([lon, lat]: [number, number], label: string): [number, number] {
  if (!(lon >= -180 && lon <= 180) || !(lat >= -90 && lat <= 90)) throw badInput(`${label}超出范围：经度 -180 到 180，纬度 -90 到 90`);
  return [lon, lat];
}

/** The fence's shape checked (Chinese 400 otherwise). */
function checkShape(body: FenceBody): Pick<FenceInput, 'shape' | 'center' | 'radius' | 'points'> {
  if (body.shape === 'circle') {
    if (!body.center) throw badInput('圆心不能为空');
    if (body.radius === undefined) throw badInput('半径不能为空');
    if (!(body.radius >= MIN_RADIUS && body.radius <= MAX_RADIUS)) throw badInput(`半径必须在 ${MIN_RADIUS} 到 ${MAX_RADIUS} 米之间`);
    return { shape: 'circle', center: checkLonLat(body.center, '圆心'), radius: body.radius, points: null };
  }
  const points = body.points ?? [];
  if (points.length < 3) throw badInput('多边形至少需要 3 个顶点');
  if (points.length > FENCE_MAX_POINTS) throw badInput(`多边形最多 ${FENCE_MAX_POINTS} 个顶点`);
  const ring = points.map((p) => checkLonLat(p, '顶点'));
  // a closing point equal to the first is dropped: the ring closes itself
  const first = ring[0]!;
  const last = ring.at(-1)!;
  if (ring.length > 3 && first[0] === last[0] && first[1] === last[1]) ring.pop();
  if (polygonAreaMetres(ring) < 1) throw badInput('多边形的顶点不能重合或在一条直线上');
  return { shape: 'polygon', center: null, radius: null, points: ring };
}

export const fenceListRoute = sessionRoute.of(FenceApi.list, {
  resource: FENCE_RESOURCE,
  handler: async (ctx): Promise<Fence[]> => (await ctx.deps.store.fences.list(await ctx.scope())).map(toFence),
});

export const fenceSaveRoute = sessionRoute.of(FenceApi.save, {
  resource: FENCE_RESOURCE,
  handler: async (ctx): Promise<Fence> => {
    const { body, deps, user } = ctx;
    const name = body.name.trim();
    if (!name) throw badInput('围栏名称不能为空');
    const shape = checkShape(body);
    const scope = await ctx.scope();
    const vehicleIds = [...new Set(body.vehicleIds ?? [])];
    const groupIds = [...new Set(body.groupIds ?? [])];
    // a fence binds assets of every kind: their words are those of several kinds (资产, 分组)
    if ((await deps.store.fences.vehiclesInScope(scope, vehicleIds)).length !== vehicleIds.length) throw notFound(`${MIXED_ASSET_WORDS.noun}不存在`);
    if ((await deps.store.fences.groupsInScope(scope, groupIds)).length !== groupIds.length) throw notFound(`${MIXED_ASSET_WORDS.groupLabel}不存在`);
    const existing = body.id === undefined ? undefined : await deps.store.fences.find(scope, body.id);
    if (body.id !== undefined && !existing) throw notFound('围栏不存在');
    const tenantId = existing?.tenantId ?? user.tenantId;
    if (await deps.store.fences.nameTaken(tenantId, name, existing?.id)) throw badInput('围栏名称已存在');
    const input: FenceInput = { name, ...shape, trigger: body.trigger ?? 'both', vehicleIds, groupIds };
    const now = deps.clock.now();
    let id: number;
    if (existing) {
      const areaChanged = JSON.stringify([existing.shape, existing.center, existing.radius, existing.points]) !== JSON.stringify([input.shape, input.center, input.radius, input.points]);
      await deps.store.fences.update(scope, existing.id, input, now, areaChanged);
      id = existing.id;
    } else {
      id = await deps.store.fences.create(scope, tenantId, input, now);
    }
    const saved = toFence((await deps.store.fences.find(scope, id))!);
    await ctx.audit({
      action: existing ? '修改围栏' : '新增围栏',
      target: `围栏 ${name}`,
      before: existing ? toFence(existing) : undefined,
      after: saved,
      tenantId,
    });
    deps.fleet?.alarms.invalidate();
    return saved;
  },
});

export const fenceDeleteRoute = sessionRoute.of(FenceApi.delete, {
  resource: FENCE_RESOURCE,
  handler: async (ctx) => {
    const { body, deps } = ctx;
    const existing = await deps.store.fences.find(await ctx.scope(), body.id);
    if (!existing) throw notFound('围栏不存在');
    await deps.store.fences.delete(existing.id);
    await ctx.audit({ action: '删除围栏', target: `围栏 ${existing.name}`, before: toFence(existing), tenantId: existing.tenantId });
    deps.fleet?.alarms.invalidate();
    return { deleted: 1 };
  },
});
