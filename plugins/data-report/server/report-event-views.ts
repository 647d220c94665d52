import type { FuelReportItem, MileageSummaryItem, OfflineReportItem, OverspeedReportItem, StopReportItem, TripReportItem } from '../../../sdk/report';
import { toChinaIso, type AppDeps, type FuelDay, type GroupMonth, type OfflineAsset, type ReportEvent } from '../../../server/module';
import { reportAsset } from './report-views';

export type { FuelReportItem, MileageSummaryItem, OfflineReportItem, OverspeedReportItem, StopReportItem, TripReportItem };

const km = (metres: number) => Math.round(metres / 10) / 100;

/** The addresses of places, in order; 获取位置失败 for a place the geocoder could not name. */
export async function addressesOf(deps: Pick<AppDeps, 'geocoder'>, places: readonly (readonly [number, number] | null)[]): Promise<string[]> {
  return Promise.all(places.map((p) => (p ? deps.geocoder.reverse(p[0], p[1]).then((a) => a.address, () => '获取位置失败') : Promise.resolve(''))));
}

export async function toTripItems(deps: Pick<AppDeps, 'geocoder'>, rows: readonly ReportEvent[]): Promise<TripReportItem[]> {
  const places = await addressesOf(deps, rows.flatMap((r) => [[r.startLon, r.startLat] as const, [r.endLon, r.endLat] as const]));
  return rows.map((r, i) => ({
    ...reportAsset(r), day: r.day, start: toChinaIso(r.start), end: toChinaIso(r.end), startLon: r.startLon, startLat: r.startLat, endLon: r.endLon, endLat: r.endLat,
    startAddress: places[2 * i]!, endAddress: places[2 * i + 1]!, distance: km(r.metres), seconds: r.seconds, maxSpeed: r.maxSpeed, avgSpeed: r.avgSpeed,
  }));
}

export async function toStopItems(deps: Pick<AppDeps, 'geocoder'>, rows: readonly ReportEvent[]): Promise<StopReportItem[]> {
  const places = await addressesOf(deps, rows.map((r) => [r.startLon, r.startLat] as const));
  return rows.map((r, i) => ({
    ...reportAsset(r), day: r.day, start: toChinaIso(r.start), end: toChinaIso(r.end), lon: r.startLon, lat: r.startLat, address: places[i]!,
    seconds: r.seconds, acc: r.acc === true, accSeconds: Math.round(r.value ?? 0),
  }));
}

export async function toOverspeedItems(deps: Pick<AppDeps, 'geocoder'>, rows: readonly ReportEvent[]): Promise<OverspeedReportItem[]> {
  const places = await addressesOf(deps, rows.map((r) => [r.startLon, r.startLat] as const));
  return rows.map((r, i) => ({
    ...reportAsset(r), day: r.day, start: toChinaIso(r.start), end: toChinaIso(r.end), lon: r.startLon, lat: r.startLat, address: places[i]!,
    seconds: r.seconds, distance: km(r.metres), maxSpeed: r.maxSpeed, avgSpeed: r.avgSpeed, speedLimit: r.value ?? 0,
  }));
}

export function toMileageSummaryItem(r: GroupMonth): MileageSummaryItem {
  return { groupId: r.groupId, groupName: r.groupName, month: r.month, vehicles: r.vehicles, mileage: r.mileageKm, drivingSeconds: r.drivingSeconds, reports: r.reports, maxSpeed: r.maxSpeed };
}

/** L/100 km over the trips' distance; null under 1 km (too short to say). */
export function per100Km(litres: number, distanceKm: number): number | null {
  return distanceKm >= 1 ? Math.round((litres / distanceKm) * 1000) / 10 : null;
}

export function toFuelItem(r: FuelDay): FuelReportItem {
  return {
    ...reportAsset(r), day: r.day, readings: r.readings, firstLitres: r.firstLitres, lastLitres: r.lastLitres, usedLitres: r.usedLitres, addedLitres: r.addedLitres,
    drops: r.drops, dropLitres: r.dropLitres, distance: r.tripKm, per100Km: per100Km(r.usedLitres, r.tripKm),
  };
}

export async function toOfflineItems(deps: Pick<AppDeps, 'geocoder'>, rows: readonly OfflineAsset[]): Promise<OfflineReportItem[]> {
  const places = await addressesOf(deps, rows.map((r) => (r.lon === null || r.lat === null ? null : ([r.lon, r.lat] as const))));
  return rows.map((r, i) => ({
    ...reportAsset(r), lastTime: r.lastTime && toChinaIso(r.lastTime), lon: r.lon, lat: r.lat, address: places[i]!, offlineSeconds: r.offlineSeconds,
  }));
}
