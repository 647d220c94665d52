import type { DeviceProtocolName } from '../gateway/device-protocols';
import { areaFor, type DeviceRole } from '../sim/devices/device-motion';
import type { Area } from '../sim/devices/device-places';
import { SeededRandom, mixSeed } from '../sim/seeded-random';
import type { Store } from '../store/create-store';
import { DEMO_TENANT } from '../store/seed-demo';

/** One simulated device of the demo: who or what carries it and how it talks. */
export interface DemoDevice {
  imei: string;
  protocol: DeviceProtocolName;
  role: DeviceRole;
  /** Position in its role, for the area it lives in. */
  index: number;
  /** The area the simulator moves it in (areaFor its role and index). */
  area: Area;
  /** What lists show for it: the person's or pet's name, the e-bike's plate. */
  name: string;
  assetKind: 'person' | 'pet' | 'ebike';
  group: string;
  model: string;
  /** The e-bike whose battery drains. */
  draining?: boolean;
  /** The fields of its kind (系统管理 › 人员管理, 宠物管理, 电动车管理). */
  profile: Record<string, string | number>;
}

const PEOPLE = [
  '王建国', '李秀英', '张志强', '刘桂兰', '陈晓明', '杨丽娟', '赵国庆', '黄海燕', '周文斌', '吴春梅',
  '徐立新', '孙玉珍', '胡德胜', '朱美玲', '高振华', '林雪芳', '何永刚', '郭素琴', '马俊杰', '罗红霞',
  '梁宏伟', '宋晓燕', '郑家豪', '谢婉清', '韩志远', '唐静怡', '冯子健', '于佳琪', '董明辉', '萧雨桐',
];
const DEPARTMENTS = ['生产部', '仓储部', '质检部', '行政部', '安保部'];
const BREEDS = { 狗: ['柯基', '金毛', '柴犬', '泰迪', '中华田园犬'], 猫: ['英短', '布偶', '橘猫', '狸花猫', '暹罗'] } as const;
const EBIKE_BRANDS = [['雅迪', 'DE3'], ['爱玛', 'A500'], ['台铃', 'TDR2'], ['小牛', 'NQi'], ['绿源', 'S30']] as const;
const COLOURS = ['白色', '黑色', '灰色', '蓝色', '红色'];
const PETS = [
  '豆豆', '旺财', '球球', '可乐', '大黄', '糯米', '芝麻', '毛毛', '花卷', '布丁',
  '雪球', '奶茶', '土豆', '小七', '团子', '黑豆', '年糕', '多多', '乐乐', '果冻',
];

/** IMEI with its Luhn check digit: 8-digit TAC, 6-digit serial. */
export function imeiOf(tac: string, serial: number): string {
  const body = `${tac}${String(serial).padStart(6, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

/** Type allocation codes of the demo's devices, by what carries them. */
export const DEMO_TACS = { badge: '86871004', gt06Collar: '35871004', watchCollar: '86871005', ebike: '35871006' } as const;
/** Seed of the demo's IMEIs: the same devices on every start, their numbers not guessable from one another. */
export const DEMO_IMEI_SEED = 0x7e1a_2026;

/**
 * `count` distinct IMEIs of the TAC with serials drawn from a seeded generator: a GT06 or watch
 * frame carries no secret but the IMEI, so the demo never hands out numbers counted up one by one
 * (knowing one device would name all the others). Deterministic, and the first n of a longer list
 * are the list of n.
 */
export function demoImeis(tac: string, count: number, seed = DEMO_IMEI_SEED): string[] {
  const random = new SeededRandom(mixSeed(seed, Number(tac)));
  const serials = new Set<number>();
  const imeis: string[] = [];
  while (imeis.length < count) {
    const serial = random.int(0, 999_999);
    if (serials.has(serial)) continue;
    serials.add(serial);
    imeis.push(imeiOf(tac, serial));
  }
  return imeis;
}

/**
 * The demo's people, pets and e-bikes: 30 staff badges (watch protocol) in an industrial park,
 * 20 pet collars (half GT06, half watch protocol) and 40 e-bike guards (GT06), one of which has a
 * draining battery. Counts are scaled by `scale` (1 = the full demo).
 */
export function demoDevices(scale = 1): DemoDevice[] {
  const n = (count: number) => Math.max(0, Math.round(count * scale));
  const devices: DemoDevice[] = [];
  const badges = demoImeis(DEMO_TACS.badge, n(30));
  for (let i = 0; i < n(30); i++) {
    devices.push({
      imei: badges[i]!, protocol: 'watch', role: 'badge', index: i, area: areaFor('badge', i), name: PEOPLE[i % PEOPLE.length]!,
      assetKind: 'person', group: `工业园员工/${DEPARTMENTS[i % DEPARTMENTS.length]!}`, model: 'TL-W4 工牌',
      profile: { employeeNo: `E${1001 + i}`, department: DEPARTMENTS[i % DEPARTMENTS.length]!, phone: `13910${String(2001 + i).padStart(6, '0')}` },
    });
  }
  const collars = { gt06: demoImeis(DEMO_TACS.gt06Collar, n(20)), watch: demoImeis(DEMO_TACS.watchCollar, n(20)) };
  for (let i = 0; i < n(20); i++) {
    const gt06 = i % 2 === 0;
    devices.push({
      imei: collars[gt06 ? 'gt06' : 'watch'][i]!, protocol: gt06 ? 'gt06' : 'watch', role: 'collar', index: i, area: areaFor('collar', i),
      name: PETS[i % PETS.length]!, assetKind: 'pet', group: '宠物守护', model: gt06 ? 'TL-P1 项圈' : 'TL-P2 项圈',
      profile: petProfile(i),
    });
  }
  const ebikes = demoImeis(DEMO_TACS.ebike, n(40));
  for (let i = 0; i < n(40); i++) {
    devices.push({
      imei: ebikes[i]!, protocol: 'gt06', role: 'ebike', index: i, area: areaFor('ebike', i), name: `粤B·D${String(30001 + i * 17).padStart(5, '0')}`,
      assetKind: 'ebike', group: i % 3 === 2 ? '电动车/广州' : '电动车/深圳', model: 'TL-E8 防盗器', ...(i === 7 && { draining: true }),
      profile: ebikeProfile(i),
    });
  }
  return devices;
}

function petProfile(i: number): Record<string, string | number> {
  const species = i % 3 === 2 ? '猫' : '狗';
  const breeds = BREEDS[species];
  const born = new Date(Date.UTC(2018 + (i % 7), (i * 5) % 12, 1 + ((i * 7) % 28)));
  return {
    species, breed: breeds[i % breeds.length]!, sex: i % 2 === 0 ? '公' : '母', birthday: born.toISOString().slice(0, 10),
    ownerPhone: `13810${String(3001 + i).padStart(6, '0')}`,
  };
}

function ebikeProfile(i: number): Record<string, string | number> {
  const [brand, model] = EBIKE_BRANDS[i % EBIKE_BRANDS.length]!;
  const serial = String(1 + i).padStart(5, '0');
  return {
    brand, model, frameNo: `TL2026E${serial}`, motorNo: `M48V400W${serial}`, color: COLOURS[i % COLOURS.length]!,
    batteryVoltage: i % 4 === 3 ? '60' : '48', batteryCapacity: i % 4 === 3 ? 24 : 20,
  };
}

/** Provisions the demo devices in the demo tenant, each with its asset, in nested groups. Idempotent. */
export async function provisionDemoDevices(store: Store, devices: readonly DemoDevice[]): Promise<void> {
  const demo = await store.org.findTenantByName(DEMO_TENANT);
  if (!demo) throw new Error('seed the demo tenants first');
  const groups = new Map<string, number>();
  const groupOf = async (path: string): Promise<number> => {
    let parent: number | null = null;
    let key = '';
    for (const [depth, name] of path.split('/').entries()) {
      key = key ? `${key}/${name}` : name;
      let id = groups.get(key);
      if (id === undefined) {
        id = await store.fleet.ensureGroup(demo.id, parent, name, 10 + depth);
        groups.set(key, id);
      }
      parent = id;
    }
    return parent!;
  };
  for (const d of devices) {
    await store.fleet.provision({
      tenantId: demo.id, groupId: await groupOf(d.group), terminalNo: d.imei, displayNo: d.imei, authCode: '',
      imei: d.imei, model: d.model, protocol: d.protocol, edition: d.protocol, installDate: '2026-03-01',
      plateNo: d.name, plateColor: 0, assetKind: d.assetKind, expiryDate: '2027-12-31', profile: d.profile,
    });
  }
}
