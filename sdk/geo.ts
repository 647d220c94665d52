/**
 * Coordinate math shared by the console and the server. Pure: no DOM, no React.
 * Systems: WGS84 (GPS), GCJ02 (China's obfuscated datum used by AMap/Tencent),
 * BD09 (Baidu), EPSG3857 (Web Mercator metres, on WGS84).
 */
export type CoordSystem = 'WGS84' | 'GCJ02' | 'BD09' | 'EPSG3857';
export type LonLat = [number, number];

/** Mean earth radius used by {@link distance}, metres. */
export const EARTH_RADIUS = 6371000;

const CHINA_BOUNDS = { minLon: 72.004, maxLon: 137.8347, minLat: 0.8293, maxLat: 55.8271 };

// Krasovsky 1940 ellipsoid, as the GCJ-02 algorithm uses it.
const A = 6378245.0;
const EE = 0.006693421622965943;
const X_PI = (Math.PI * 3000.0) / 180.0;
const MERCATOR_R = 6378137;
const MAX_MERCATOR_LAT = 85.05112878;

/** True when the point is outside the rectangle that GCJ-02 applies to (no offset there). */
export function outOfChina(lon: number, lat: number): boolean {
  return lon < CHINA_BOUNDS.minLon || lon > CHINA_BOUNDS.maxLon || lat < CHINA_BOUNDS.minLat || lat > CHINA_BOUNDS.maxLat;
}

/** Great-circle distance in metres (haversine, R = 6371000). */
export function distance(a: LonLat, b: LonLat): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLon = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

function transformLat(x: number, y: number): number {
  let ret = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  ret += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  ret += ((20.0 * Math.sin(y * Math.PI) + 40.0 * Math.sin((y / 3.0) * Math.PI)) * 2.0) / 3.0;
  ret += ((160.0 * Math.sin((y / 12.0) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30.0)) * 2.0) / 3.0;
  return ret;
}

function transformLon(x: number, y: number): number {
  let ret = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  ret += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  ret += ((20.0 * Math.sin(x * Math.PI) + 40.0 * Math.sin((x / 3.0) * Math.PI)) * 2.0) / 3.0;
  ret += ((150.0 * Math.sin((x / 12.0) * Math.PI) + 300.0 * Math.sin((x / 30.0) * Math.PI)) * 2.0) / 3.0;
  return ret;
}

function gcjOffset(lon: number, lat: number): LonLat {
  let dLat = transformLat(lon - 105.0, lat - 35.0);
  let dLon = transformLon(lon - 105.0, lat - 35.0);
  const radLat = (lat / 180.0) * Math.PI;
  let magic = Math.sin(radLat);
  magic = 1 - EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  dLat = (dLat * 180.0) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI);
  dLon = (dLon * 180.0) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return [dLon, dLat];
}

function wgs84ToGcj02([lon, lat]: LonLat): LonLat {
  if (outOfChina(lon, lat)) return [lon, lat];
  const [dLon, dLat] = gcjOffset(lon, lat);
  return [lon + dLon, lat + dLat];
}

/** Inverse by fixed-point iteration: error well under a millimetre after a few steps. */
function gcj02ToWgs84([lon, lat]: LonLat): LonLat {
  if (outOfChina(lon, lat)) return [lon, lat];
  let wLon = lon;
  let wLat = lat;
  for (let i = 0; i < 10; i++) {
    const [gLon, gLat] = wgs84ToGcj02([wLon, wLat]);
    const eLon = gLon - lon;
    const eLat = gLat - lat;
    wLon -= eLon;
    wLat -= eLat;
    if (Math.abs(eLon) < 1e-10 && Math.abs(eLat) < 1e-10) break;
  }
  return [wLon, wLat];
}

function gcj02ToBd09([lon, lat]: LonLat): LonLat {
  const z = Math.sqrt(lon * lon + lat * lat) + 0.00002 * Math.sin(lat * X_PI);
  const theta = Math.atan2(lat, lon) + 0.000003 * Math.cos(lon * X_PI);
  return [z * Math.cos(theta) + 0.0065, z * Math.sin(theta) + 0.006];
}

/**
 * The usual closed-form inverse is off by up to ~1e-6° (0.1 m); a few fixed-point steps on
 * top of it make GCJ02 → BD09 → GCJ02 exact to ~1e-12°.
 */
function bd09ToGcj02([lon, lat]: LonLat): LonLat {
  const x = lon - 0.0065;
  const y = lat - 0.006;
  const z = Math.sqrt(x * x + y * y) - 0.00002 * Math.sin(y * X_PI);
  const theta = Math.atan2(y, x) - 0.000003 * Math.cos(x * X_PI);
  let gLon = z * Math.cos(theta);
  let gLat = z * Math.sin(theta);
  for (let i = 0; i < 5; i++) {
    const [bLon, bLat] = gcj02ToBd09([gLon, gLat]);
    const eLon = bLon - lon;
    const eLat = bLat - lat;
    gLon -= eLon;
    gLat -= eLat;
    if (Math.abs(eLon) < 1e-12 && Math.abs(eLat) < 1e-12) break;
  }
  return [gLon, gLat];
}

function wgs84ToMercator([lon, lat]: LonLat): LonLat {
  const clamped = Math.max(Math.min(lat, MAX_MERCATOR_LAT), -MAX_MERCATOR_LAT);
  const x = (lon * Math.PI * MERCATOR_R) / 180;
  const y = MERCATOR_R * Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360));
  return [x, y];
}

function mercatorToWgs84([x, y]: LonLat): LonLat {
  const lon = (x / MERCATOR_R) * (180 / Math.PI);
  const lat = (2 * Math.atan(Math.exp(y / MERCATOR_R)) - Math.PI / 2) * (180 / Math.PI);
  return [lon, lat];
}

function toWgs84(p: LonLat, from: CoordSystem): LonLat {
  switch (from) {
    case 'WGS84':
      return p;
    case 'GCJ02':
      return gcj02ToWgs84(p);
    case 'BD09':
      return gcj02ToWgs84(bd09ToGcj02(p));
    case 'EPSG3857':
      return mercatorToWgs84(p);
  }
}

function fromWgs84(p: LonLat, to: CoordSystem): LonLat {
  switch (to) {
    case 'WGS84':
      return p;
    case 'GCJ02':
      return wgs84ToGcj02(p);
    case 'BD09':
      return gcj02ToBd09(wgs84ToGcj02(p));
    case 'EPSG3857':
      return wgs84ToMercator(p);
  }
}

const SYSTEMS: readonly CoordSystem[] = ['WGS84', 'GCJ02', 'BD09', 'EPSG3857'];

/**
 * Converts `[lon, lat]` (or `[x, y]` metres for EPSG3857) between coordinate systems.
 * GCJ-02/BD-09 offsets apply only inside China's rectangle ({@link outOfChina}).
 */
export function transformCoord(point: LonLat | readonly [number, number], from: CoordSystem, to: CoordSystem): LonLat {
  if (!SYSTEMS.includes(from) || !SYSTEMS.includes(to)) throw new Error(`unknown coordinate system ${from} -> ${to}`);
  const p: LonLat = [point[0], point[1]];
  if (from === to) return p;
  // BD09 <-> GCJ02 directly, without a WGS84 round trip.
  if (from === 'GCJ02' && to === 'BD09') return gcj02ToBd09(p);
  if (from === 'BD09' && to === 'GCJ02') return bd09ToGcj02(p);
  return fromWgs84(toWgs84(p, from), to);
}
