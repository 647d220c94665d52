/** A city the simulator drives in. Coordinates are WGS84 degrees. */
export interface SimCity {
  id: string;
  /** Chinese name, for logs and plates. */
  name: string;
  centre: { lat: number; lon: number };
  /** Half the height and width of the driving area, degrees. */
  halfSpan: { lat: number; lon: number };
  /** Typical ground altitude, metres. */
  altitude: number;
  /** GB/T 2260 province code (first two digits) as 0x0100 sends it. */
  province: number;
  /** GB/T 2260 city code (last four digits) as 0x0100 sends it. */
  cityCode: number;
  /** Plate prefixes issued in the city, e.g. 京A … 京Q. */
  platePrefixes: readonly string[];
}

/** Axis-aligned box a city's positions stay inside. */
export interface SimBounds {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

function city(
  id: string, name: string, lat: number, lon: number, altitude: number, province: number, cityCode: number,
  platePrefixes: readonly string[], halfLat = 0.09,
): SimCity {
  // keep the box roughly square on the ground
  const halfLon = halfLat / Math.cos((lat * Math.PI) / 180);
  return { id, name, centre: { lat, lon }, halfSpan: { lat: halfLat, lon: halfLon }, altitude, province, cityCode, platePrefixes };
}

/** The cities fleets are spread across, in assignment order. */
export const SIM_CITIES: readonly SimCity[] = [
  city('beijing', '北京', 39.9087, 116.3975, 44, 11, 100, ['京A', '京B', '京C', '京E', '京F', '京H', '京J', '京K', '京L', '京M', '京N', '京P', '京Q']),
  city('shanghai', '上海', 31.2304, 121.4737, 4, 31, 100, ['沪A', '沪B', '沪C', '沪D', '沪E', '沪F', '沪G', '沪H', '沪J', '沪K', '沪L', '沪M', '沪N']),
  // centred on 天河 so the box stays clear of 佛山 to the west
  city('guangzhou', '广州', 23.1500, 113.3700, 21, 44, 100, ['粤A']),
  // centred north of Futian so the box stays clear of the Hong Kong boundary
  city('shenzhen', '深圳', 22.6400, 114.0300, 20, 44, 300, ['粤B'], 0.07),
  city('chengdu', '成都', 30.5728, 104.0668, 500, 51, 100, ['川A', '川G']),
  city('hangzhou', '杭州', 30.2741, 120.1551, 10, 33, 100, ['浙A']),
  city('wuhan', '武汉', 30.5928, 114.3055, 23, 42, 100, ['鄂A']),
  // centred south-east of the old town so the box stays clear of 咸阳 to the north-west
  city('xian', '西安', 34.2900, 108.9900, 400, 61, 100, ['陕A', '陕U']),
  city('chongqing', '重庆', 29.5630, 106.5516, 250, 50, 100, ['渝A', '渝B', '渝C', '渝D']),
  city('nanjing', '南京', 32.0603, 118.7969, 15, 32, 100, ['苏A']),
  city('tianjin', '天津', 39.1256, 117.1902, 5, 12, 100, ['津A', '津B', '津C', '津D', '津E']),
];

/** Looks a city up by id ('beijing') or Chinese name ('北京'). */
export function findSimCity(key: string): SimCity | undefined {
  return SIM_CITIES.find((c) => c.id === key || c.name === key);
}

/** The box a vehicle of `city` stays inside (the road grid plus a small margin). */
export function cityBounds(city: SimCity): SimBounds {
  const mLat = city.halfSpan.lat * 1.05;
  const mLon = city.halfSpan.lon * 1.05;
  return { minLat: city.centre.lat - mLat, maxLat: city.centre.lat + mLat, minLon: city.centre.lon - mLon, maxLon: city.centre.lon + mLon };
}

/** True when (lat, lon) lies inside `bounds`. */
export function insideBounds(bounds: SimBounds, lat: number, lon: number): boolean {
  return lat >= bounds.minLat && lat <= bounds.maxLat && lon >= bounds.minLon && lon <= bounds.maxLon;
}
