import type { PartAsset, PartAuditChange } from '@tianlu/sdk/server';
import type { ColdChainService, VehicleLimits } from './cold-chain-service';
import { chinaTime, parseTime } from './time-range';
import { isOver, LIMIT_RANGE } from './temperature';
import { splitTrips, thinEvenly, type Trip } from './trips';

/** An asset the caller may see, as the route context's `assets()` answers it. */
export type VisibleAsset = PartAsset;

/** What the routes read of the caller (the route context of `@tianlu/sdk/server`). */
export interface Caller {
  user: { id: number; tenantId: number };
  assets(): readonly VisibleAsset[] | Promise<readonly VisibleAsset[]>;
}

/** An entry of the caller's 操作日志. */
export type AuditEntry = PartAuditChange;

/** A refusal with a Chinese message, answered as flag 400. */
export type Refuse = (message: string) => Error;

export const NOT_VISIBLE = '车辆不存在或无权访问';
/** Most points readings.json answers; a longer range is thinned evenly. */
export const MAX_POINTS = 5000;
/** The longest range readings.json and export.json read, days. */
export const MAX_RANGE_DAYS = 31;

export type VehicleState = 'normal' | 'over' | 'none';

export interface VehicleRow {
  terminalNo: string;
  /** The terminal number as the console shows it. */
  displayNo: string;
  name: string;
  latest: { celsius: number; time: string } | null;
  min: number;
  max: number;
  custom: boolean;
  state: VehicleState;
}

/** The vehicles among what the caller may see. */
async function vehiclesOf(caller: Caller): Promise<VisibleAsset[]> {
  return (await caller.assets()).filter((a) => a.assetKind === 'vehicle');
}

/** The caller's vehicle of that terminal number; refused as 车辆不存在或无权访问 otherwise. */
async function vehicleOf(caller: Caller, terminalNo: unknown, refuse: Refuse): Promise<VisibleAsset> {
  if (typeof terminalNo !== 'string' || !terminalNo.trim()) throw refuse('请选择车辆');
  // the normalised number or the one the console shows (with its leading zeros)
  const wanted = terminalNo.trim();
  const found = (await vehiclesOf(caller)).find((a) => a.terminalNo === wanted || a.displayNo === wanted || a.terminalNo === wanted.replace(/^0+(?=\d)/, ''));
  if (!found) throw refuse(NOT_VISIBLE);
  return found;
}

function rowOf(v: VisibleAsset, limits: VehicleLimits, latest: { time: Date; celsius: number } | undefined): VehicleRow {
  return {
    terminalNo: v.terminalNo,
    displayNo: v.displayNo,
    name: v.name,
    latest: latest ? { celsius: latest.celsius, time: latest.time.toISOString() } : null,
    min: limits.min,
    max: limits.max,
    custom: limits.custom,
    state: !latest ? 'none' : isOver(latest.celsius, limits) ? 'over' : 'normal',
  };
}

/** GET vehicles.json: each vehicle the caller may see, its latest temperature, limits and state. */
export async function listVehicles(service: ColdChainService, caller: Caller): Promise<{ list: VehicleRow[] }> {
  const vehicles = await vehiclesOf(caller);
  const latest = await service.store.latest(vehicles);
  const list: VehicleRow[] = [];
  for (const v of vehicles) list.push(rowOf(v, await service.limitsOf(v), latest.get(`${v.tenantId}:${v.terminalNo}`)));
  return { list };
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** POST limits/save.json: a vehicle's own limits, or back to the tenant's default (`reset`). */
export async function saveLimits(
  service: ColdChainService,
  caller: Caller & { audit(entry: AuditEntry): unknown },
  body: unknown,
  refuse: Refuse,
): Promise<VehicleRow> {
  const input = (typeof body === 'object' && body !== null ? body : {}) as { terminalNo?: unknown; min?: unknown; max?: unknown; reset?: unknown };
  const reset = input.reset === true;
  if (!reset) {
    if (!finite(input.min) || !finite(input.max)) throw refuse('请填写温度下限和上限');
    if (input.min < LIMIT_RANGE.min || input.max > LIMIT_RANGE.max || input.max < LIMIT_RANGE.min || input.min > LIMIT_RANGE.max) {
      throw refuse(`温度范围 ${LIMIT_RANGE.min}～${LIMIT_RANGE.max} ℃`);
    }
    if (input.min >= input.max) throw refuse('下限必须小于上限');
  }
  const vehicle = await vehicleOf(caller, input.terminalNo, refuse);
  const before = await service.limitsOf(vehicle);
  if (reset) await service.store.resetLimits(vehicle);
  else {
    const round = (n: number) => Math.round(n * 10) / 10;
    await service.store.saveLimits(vehicle, { min: round(input.min as number), max: round(input.max as number) }, caller.user.id, service.ctx.clock.now());
  }
  const after = await service.limitsOf(vehicle);
  const describe = (l: VehicleLimits) => ({ 下限: l.min, 上限: l.max, 来源: l.custom ? '单独设置' : '默认' });
  await caller.audit({ action: reset ? '恢复默认温度上下限' : '设置温度上下限', target: `${vehicle.name}（${vehicle.terminalNo}）`, before: describe(before), after: describe(after) });
  const latest = (await service.store.latest([vehicle])).get(`${vehicle.tenantId}:${vehicle.terminalNo}`);
  return rowOf(vehicle, after, latest);
}

/** GET trips.json?terminalNo=&days=7: the vehicle's trips of the last days, newest first. */
export async function listTrips(service: ColdChainService, caller: Caller, query: Record<string, unknown>, refuse: Refuse): Promise<Trip[]> {
  const days = query.days === undefined || query.days === '' ? 7 : Number(query.days);
  if (!Number.isInteger(days) || days < 1 || days > MAX_RANGE_DAYS) throw refuse(`天数必须是 1～${MAX_RANGE_DAYS} 的整数`);
  const vehicle = await vehicleOf(caller, query.terminalNo, refuse);
  const settings = await service.settings.get(vehicle.tenantId);
  const limits = await service.limitsOf(vehicle, settings);
  const end = service.ctx.clock.now();
  const readings = await service.store.readings(vehicle, new Date(end.getTime() - days * 86_400_000), end);
  return splitTrips(readings, settings.tripGapMinutes, limits);
}

/** The range of a request (`start`, `end`: China time or ISO), at most MAX_RANGE_DAYS long. */
function rangeOf(input: { start?: unknown; end?: unknown }, refuse: Refuse): { start: Date; end: Date } {
  const start = parseTime(input.start);
  const end = parseTime(input.end);
  if (!start || !end) throw refuse('请选择开始和结束时间（如 2026-11-27 08:00:00）');
  if (end.getTime() <= start.getTime()) throw refuse('结束时间必须晚于开始时间');
  if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * 86_400_000) throw refuse(`时间范围不能超过 ${MAX_RANGE_DAYS} 天`);
  return { start, end };
}

/** GET readings.json?terminalNo=&start=&end=: the vehicle's readings in the range (at most MAX_POINTS) and its limits. */
export async function listReadings(
  service: ColdChainService,
  caller: Caller,
  query: Record<string, unknown>,
  refuse: Refuse,
): Promise<{ list: { time: string; celsius: number }[]; min: number; max: number }> {
  const { start, end } = rangeOf(query, refuse);
  const vehicle = await vehicleOf(caller, query.terminalNo, refuse);
  const limits = await service.limitsOf(vehicle);
  const readings = thinEvenly(await service.store.readings(vehicle, start, end), MAX_POINTS);
  return { list: readings.map((r) => ({ time: r.time.toISOString(), celsius: r.celsius })), min: limits.min, max: limits.max };
}

/** One row of the 温度记录 spreadsheet. */
export interface ExportRow {
  plate: string;
  terminalNo: string;
  time: string;
  celsius: number;
  min: number;
  max: number;
  state: string;
}

export const EXPORT_TITLE = '温度记录';
export const EXPORT_COLUMNS = [
  { header: '车牌', key: 'plate', width: 14 },
  { header: '终端号', key: 'terminalNo', width: 16 },
  { header: '时间', key: 'time', width: 20 },
  { header: '温度(℃)', key: 'celsius', width: 10 },
  { header: '下限', key: 'min', width: 8 },
  { header: '上限', key: 'max', width: 8 },
  { header: '状态', key: 'state', width: 8 },
] as const;

/**
 * POST export.json `{ terminalNo?, start, end }`: what to export — the vehicle's readings in the range,
 * or every vehicle's the caller may see — checked before anything is recorded; the rows are read
 * afterwards, vehicle by vehicle.
 */
export async function exportRows(
  service: ColdChainService,
  caller: Caller,
  body: unknown,
  refuse: Refuse,
): Promise<() => AsyncGenerator<ExportRow>> {
  const input = (typeof body === 'object' && body !== null ? body : {}) as { terminalNo?: unknown; start?: unknown; end?: unknown };
  const { start, end } = rangeOf(input, refuse);
  const vehicles = input.terminalNo === undefined || input.terminalNo === '' ? await vehiclesOf(caller) : [await vehicleOf(caller, input.terminalNo, refuse)];
  return async function* rows() {
    for (const v of vehicles) {
      const limits = await service.limitsOf(v);
      for (const r of await service.store.readings(v, start, end)) {
        yield { plate: v.name, terminalNo: v.terminalNo, time: chinaTime(r.time), celsius: r.celsius, min: limits.min, max: limits.max, state: isOver(r.celsius, limits) ? '超限' : '正常' };
      }
    }
  };
}
