import { randomBytes } from 'node:crypto';
import { normalizePhone } from '../gateway/jt808/index';
import { phoneAt } from '../sim/fleet-simulator';
import { SIM_CITIES, type SimCity } from '../sim/sim-cities';
import { terminalIdentity } from '../sim/terminal-identity';
import type { Store } from '../store/create-store';
import { DEMO_TENANT, OTHER_TENANT } from '../store/seed-demo';

/** First demo terminal; the simulated fleet counts upward from it. */
export const DEMO_START_PHONE = '013800000001';
/** The other tenant's terminals (never simulated: they stay offline). */
export const OTHER_START_PHONE = '013900000001';
const OTHER_VEHICLES = 5;

/** Region → fleets, each fleet driving in the listed simulator cities. */
const DEMO_GROUPS: readonly { region: string; fleets: readonly { name: string; cities: readonly string[] }[] }[] = [
  { region: '华北区域', fleets: [{ name: '北京车队', cities: ['beijing'] }, { name: '天津车队', cities: ['tianjin'] }] },
  { region: '华东区域', fleets: [{ name: '上海车队', cities: ['shanghai'] }, { name: '杭州车队', cities: ['hangzhou'] }, { name: '南京车队', cities: ['nanjing'] }] },
  { region: '华南区域', fleets: [{ name: '广深车队', cities: ['guangzhou', 'shenzhen'] }] },
  { region: '华中区域', fleets: [{ name: '武汉车队', cities: ['wuhan'] }] },
  { region: '西部区域', fleets: [{ name: '成都车队', cities: ['chengdu'] }, { name: '重庆车队', cities: ['chongqing'] }, { name: '西安车队', cities: ['xian'] }] },
];

const REEFER = '冷藏车';
const VEHICLE_TYPES = ['轻型厢式货车', '重型半挂牵引车', '小型普通客车', '中型厢式货车', REEFER];
const DRIVERS = ['张伟', '王芳', '李强', '刘洋', '陈静', '杨磊', '赵敏', '黄勇', '周杰', '吴霞', '徐涛', '孙丽'];

/** The simulator cities in the order the demo fleet uses them (terminal i drives in cities[i % n]). */
export const DEMO_CITIES: readonly SimCity[] = SIM_CITIES;

/** The 车辆类型 of demo vehicle `index`: yellow plates (trucks and coaches) are semi-trailers or coaches. */
function demoVehicleType(index: number, plateColor: number): string {
  return plateColor === 2 ? VEHICLE_TYPES[1 + (index % 2)]! : VEHICLE_TYPES[(index * 3) % VEHICLE_TYPES.length]!;
}

/**
 * Which of the first `devices` demo vehicles carry a refrigerated box (simulator terminal indexes):
 * `count` of them, the 冷藏车 first, then the others in order.
 */
export function demoColdBoxIndexes(count: number, devices: number): number[] {
  const reefers: number[] = [];
  const others: number[] = [];
  for (let i = 0; i < devices; i++) {
    const { plateColor } = terminalIdentity(phoneAt(DEMO_START_PHONE, i), DEMO_CITIES[i % DEMO_CITIES.length]!);
    (demoVehicleType(i, plateColor) === REEFER ? reefers : others).push(i);
  }
  return [...reefers, ...others].slice(0, Math.max(0, count)).sort((a, b) => a - b);
}

function vinFor(seq: number): string {
  return `LTL${String(808000 + seq).padStart(6, '0')}A${String(seq).padStart(7, '0')}`.slice(0, 17);
}

function dateAfter(base: string, days: number): string {
  return new Date(Date.parse(base) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Provisions the demo fleet: `devices` vehicles with terminals 013800000001 … in the demo tenant,
 * grouped by region and city (the same plates the simulator's terminals report), plus a few
 * vehicles of the other tenant. Idempotent: a restart finds everything in place.
 */
export async function provisionDemoFleet(store: Store, devices: number): Promise<void> {
  const demo = await store.org.findTenantByName(DEMO_TENANT);
  const other = await store.org.findTenantByName(OTHER_TENANT);
  if (!demo || !other) throw new Error('seed the demo tenants first');
  const root = await store.fleet.ensureGroup(demo.id, null, '天路演示车队', 0);
  const fleetOfCity = new Map<string, number>();
  for (const [r, region] of DEMO_GROUPS.entries()) {
    const regionId = await store.fleet.ensureGroup(demo.id, root, region.region, r);
    for (const [f, fleet] of region.fleets.entries()) {
      const id = await store.fleet.ensureGroup(demo.id, regionId, fleet.name, f);
      for (const city of fleet.cities) fleetOfCity.set(city, id);
    }
  }
  for (let i = 0; i < devices; i++) {
    const phone = phoneAt(DEMO_START_PHONE, i);
    const city = DEMO_CITIES[i % DEMO_CITIES.length]!;
    const identity = terminalIdentity(phone, city);
    await store.fleet.provision({
      tenantId: demo.id, groupId: fleetOfCity.get(city.id) ?? root,
      terminalNo: normalizePhone(phone), displayNo: phone, authCode: randomBytes(6).toString('hex').toUpperCase(),
      imei: identity.imei, model: identity.model, sim: phone.replace(/^0+/, ''), edition: '2013',
      installDate: dateAfter('2025-03-01', i % 200),
      plateNo: identity.plate, plateColor: identity.plateColor,
      vehicleType: demoVehicleType(i, identity.plateColor),
      vin: vinFor(i + 1), driver: DRIVERS[i % DRIVERS.length]!, expiryDate: dateAfter('2027-01-01', (i * 7) % 365),
    });
  }
  const otherGroup = await store.fleet.ensureGroup(other.id, null, '其他公司车队', 0);
  for (let i = 0; i < OTHER_VEHICLES; i++) {
    const phone = phoneAt(OTHER_START_PHONE, i);
    await store.fleet.provision({
      tenantId: other.id, groupId: otherGroup, terminalNo: normalizePhone(phone), displayNo: phone,
      authCode: randomBytes(6).toString('hex').toUpperCase(), model: 'TL-808G', sim: phone.replace(/^0+/, ''), edition: '2019',
      installDate: '2025-06-01', plateNo: `苏E${String(80001 + i * 37).padStart(5, '0')}`, plateColor: 1,
      vehicleType: '小型普通客车', vin: `LOT${String(900000 + i).padStart(14, '0')}`.slice(0, 17), driver: DRIVERS[(i + 5) % DRIVERS.length]!,
      expiryDate: '2027-06-30',
    });
  }
}
