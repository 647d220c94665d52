import type { Store } from '../store/create-store';
import { DEMO_TENANT } from '../store/seed-demo';

const CIRCLE_KM = 3;

/**
 * Demo profile: the 天路演示 tenant gets a platform speed limit the simulated fleet sometimes
 * breaks (80 km/h for 10 s) and two fences its vehicles drive through (a circle around
 * 天安门 for 北京车队, a polygon over 陆家嘴 for 上海车队), so alarms appear within minutes.
 * Only when the tenant has saved no alarm controls and has no fences: an operator's changes stay.
 */
export async function seedDemoAlarms(store: Store, now: Date): Promise<void> {
  const tenant = await store.org.findTenantByName(DEMO_TENANT);
  if (!tenant) return;
  if ((await store.alarms.settings.controls(tenant.id)).length === 0) {
    await store.alarms.settings.saveControls(tenant.id, [{ alarmType: 'platformOverspeed', enabled: true, thresholds: { speedLimit: 80, minDurationSeconds: 10 } }], now);
  }
  const scope = await store.scope.forUser({ id: 0, tenantId: tenant.id });
  if ((await store.fences.list(scope)).length > 0) return;
  const groups = new Map((await store.fleet.groups(tenant.id)).map((g) => [g.name, g.id]));
  const beijing = groups.get('北京车队');
  const shanghai = groups.get('上海车队');
  if (beijing !== undefined) {
    await store.fences.create(scope, tenant.id, {
      name: '天安门周边', shape: 'circle', center: [116.3975, 39.9087], radius: CIRCLE_KM * 1000, points: null, trigger: 'both', vehicleIds: [], groupIds: [beijing],
    }, now);
  }
  if (shanghai !== undefined) {
    await store.fences.create(scope, tenant.id, {
      name: '陆家嘴', shape: 'polygon', center: null, radius: null, trigger: 'both', vehicleIds: [], groupIds: [shanghai],
      points: [[121.49, 31.225], [121.52, 31.225], [121.525, 31.245], [121.5, 31.25], [121.485, 31.24]],
    }, now);
  }
}
