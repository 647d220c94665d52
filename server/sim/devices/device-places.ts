import type { CellTower } from '../../gateway/device-protocol';
import type { OfflineCellLocator } from '../../gateway/cell-locator';

/** WGS84 degrees. */
export interface Place {
  lon: number;
  lat: number;
}

/** An axis-aligned box of WGS84 degrees. */
export interface Area {
  name: string;
  minLon: number;
  maxLon: number;
  minLat: number;
  maxLat: number;
}

interface Building {
  name: string;
  door: Place;
  wifi: { mac: string; site: Place }[];
}

function box(name: string, lon: number, lat: number, halfLon: number, halfLat: number): Area {
  return { name, minLon: lon - halfLon, maxLon: lon + halfLon, minLat: lat - halfLat, maxLat: lat + halfLat };
}

const PARK_LON = 120.7195;
const PARK_LAT = 31.3265;
const at = (dLon: number, dLat: number): Place => ({ lon: PARK_LON + dLon, lat: PARK_LAT + dLat });
const building = (n: number, name: string, door: Place): Building => ({
  name, door,
  wifi: [0, 1].map((k) => ({ mac: `02:71:6c:00:${String(n).padStart(2, '0')}:${String(k + 1).padStart(2, '0')}`, site: { lon: door.lon + (k ? 0.0003 : 0.0001), lat: door.lat + 0.0002 } })),
});

/**
 * The demo's industrial park in 苏州工业园区: the buildings the staff badges walk between, the
 * WiFi access points inside them and the cells covering the park (the demo registers them in the
 * offline cell table, so an indoor badge shows at its building with an accuracy circle).
 */
export const DEMO_PARK = {
  area: box('天路演示工业园', PARK_LON, PARK_LAT, 0.004, 0.003),
  buildings: [
    building(1, '1号厂房', at(-0.0030, 0.0018)),
    building(2, '2号厂房', at(-0.0008, 0.0020)),
    building(3, '3号厂房', at(0.0016, 0.0019)),
    building(4, '综合办公楼', at(-0.0025, -0.0012)),
    building(5, '仓储中心', at(0.0012, -0.0016)),
    building(6, '员工食堂', at(0.0031, -0.0004)),
  ],
  cells: [
    { cell: { mcc: 460, mnc: 0, lac: 0x5a1c, cid: 0x6d01 } satisfies CellTower, site: at(-0.0020, 0.0010), range: 600 },
    { cell: { mcc: 460, mnc: 0, lac: 0x5a1c, cid: 0x6d02 } satisfies CellTower, site: at(0.0020, 0.0005), range: 600 },
    { cell: { mcc: 460, mnc: 0, lac: 0x5a1c, cid: 0x6d03 } satisfies CellTower, site: at(0.0000, -0.0020), range: 800 },
  ],
} as const;

/** Housing estates in 杭州 where the demo's pets live and are walked. */
export const DEMO_ESTATES: readonly Area[] = [
  box('西溪诚园', 120.0855, 30.2755, 0.003, 0.0025),
  box('翠苑一区', 120.1190, 30.2880, 0.003, 0.0025),
  box('文鼎苑', 120.1345, 30.2930, 0.003, 0.0025),
  box('嘉绿苑', 120.1070, 30.2960, 0.003, 0.0025),
];

/** Urban areas the demo's e-bikes ride in (深圳 and 广州). */
export const EBIKE_AREAS: readonly Area[] = [
  box('深圳南山', 113.9350, 22.5330, 0.025, 0.018),
  box('深圳福田', 114.0550, 22.5420, 0.025, 0.015),
  box('广州天河', 113.3400, 23.1350, 0.025, 0.018),
];

/** Registers the park's cells and access points in the offline table. */
export function registerDemoSites(locator: OfflineCellLocator): void {
  for (const c of DEMO_PARK.cells) locator.addCell(c.cell, { ...c.site, range: c.range });
  for (const b of DEMO_PARK.buildings) for (const w of b.wifi) locator.addWifi(w.mac, { ...w.site, range: 40 });
}
