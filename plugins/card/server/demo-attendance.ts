import type { DemoArea, DemoSeedContext } from '../../../server/module';
import { chinaDay } from '../../../sdk/china-time';
import { distance } from '../../../sdk/geo';
import { AttendanceQueries } from './attendance-queries';

/** The department on the night shift; every other demo department is on the day shift. */
const NIGHT_DEPARTMENT = '仓储部';
/** The grace the 新增班次 dialog offers. */
const GRACE_MINUTES = 5;

/** The park's box (WGS84, as the badges report) as a circle around its centre that holds all of it, to the next 10 m. */
export function demoParkCircle(a: DemoArea): { lon: number; lat: number; radius: number } {
  const lon = (a.minLon + a.maxLon) / 2;
  const lat = (a.minLat + a.maxLat) / 2;
  return { lon, lat, radius: Math.ceil(distance([lon, lat], [a.maxLon, a.maxLat]) / 10) * 10 };
}

/**
 * 考勤管理 demo data: the 考勤区域 天路演示工业园 around the industrial park the staff badges walk in (their area),
 * 白班 08:30–17:30 on working days for every demo department but 仓储部, and 夜班 22:00–06:00 on
 * every day for 仓储部, each person on one shift. The bindings apply from the China day of `now`, so
 * no day before the demo existed counts as absent; holidays are not worked, as for any shift. Added
 * once, when the demo tenant has no 考勤区域 yet.
 */
export async function seedDemoAttendance({ store, db, demoTenant, now, assets }: DemoSeedContext): Promise<void> {
  const demo = await store.org.findTenantByName(demoTenant);
  // the park the staff badges walk in
  const park = assets.find((a) => a.assetKind === 'person')?.area;
  if (!demo || !park) return;
  const attendance = new AttendanceQueries(db);
  const scope = { userId: 0, tenantId: demo.id, tenantIds: [demo.id], groupIds: null };
  if ((await attendance.listAreas(scope)).length > 0) return;
  const known = new Set(await store.people.departments(scope));
  const departments = [...new Set(assets.filter((d) => d.assetKind === 'person').map((d) => String(d.profile.department ?? '')))].filter((d) => known.has(d));
  if (departments.length === 0) return;
  const today = chinaDay(now);
  const workAreaId = await attendance.createArea(demo.id, { name: park.name, ...demoParkCircle(park) });
  const shifts = [
    { name: '白班', startMinute: 8 * 60 + 30, endMinute: 17 * 60 + 30, weekdays: [1, 2, 3, 4, 5], departments: departments.filter((d) => d !== NIGHT_DEPARTMENT) },
    { name: '夜班', startMinute: 22 * 60, endMinute: 6 * 60, weekdays: [1, 2, 3, 4, 5, 6, 7], departments: departments.filter((d) => d === NIGHT_DEPARTMENT) },
  ];
  for (const s of shifts) {
    await attendance.createShift(demo.id, {
      workAreaId, name: s.name, startMinute: s.startMinute, endMinute: s.endMinute, graceMinutes: GRACE_MINUTES, weekdays: s.weekdays,
      vehicleIds: [], departments: s.departments, memberStarts: Object.fromEntries(s.departments.map((d) => [`d:${d}`, today])),
    });
  }
}
