import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { ApproximateFix } from '../../sdk/position';
import type { CellTower, DeviceFix, WifiAccessPoint } from './device-protocol';

/** Where a cell or access point is, and how far its coverage reaches (metres). */
export interface KnownSite {
  lon: number;
  lat: number;
  range: number;
}

/** An approximate position worked out from the cells / access points a device heard. */
export interface ApproximatePlace {
  lon: number;
  lat: number;
  /** Metres. */
  accuracy: number;
  source: Exclude<ApproximateFix, 'last'>;
}

/** Looks up positions of cells and access points; synchronous, so the position path stays free of promises. */
export interface CellLocator {
  locate(fix: Pick<DeviceFix, 'cells' | 'wifi'>): ApproximatePlace | undefined;
}

const cellKey = (c: Pick<CellTower, 'mcc' | 'mnc' | 'lac' | 'cid'>) => `${c.mcc}:${c.mnc}:${c.lac}:${c.cid}`;
const MIN_WIFI_RANGE = 30;
const MIN_CELL_RANGE = 200;

/**
 * An offline table of cells and WiFi access points held in memory: loaded from an OpenCelliD
 * export (`radio,mcc,net,area,cell,unit,lon,lat,range,…`, plain or .gz) and a WiFi CSV
 * (`mac,lon,lat,range`), or filled by hand (the demo's park). WiFi wins over cells when at least
 * one access point is known; several known sites give a signal-weighted centre, and the accuracy
 * covers the spread of the sites plus their range.
 */
export class OfflineCellLocator implements CellLocator {
  private readonly cells = new Map<string, KnownSite>();
  private readonly wifi = new Map<string, KnownSite>();

  get size(): { cells: number; wifi: number } {
    return { cells: this.cells.size, wifi: this.wifi.size };
  }

  addCell(cell: Pick<CellTower, 'mcc' | 'mnc' | 'lac' | 'cid'>, site: KnownSite): void {
    this.cells.set(cellKey(cell), site);
  }

  addWifi(mac: string, site: KnownSite): void {
    this.wifi.set(mac.toLowerCase(), site);
  }

  locate(fix: Pick<DeviceFix, 'cells' | 'wifi'>): ApproximatePlace | undefined {
    const aps = (fix.wifi ?? []).map((ap) => ({ site: this.wifi.get(ap.mac.toLowerCase()), rssi: ap.rssi }));
    const byWifi = centre(aps, MIN_WIFI_RANGE);
    if (byWifi) return { ...byWifi, source: 'wifi' };
    const cells = (fix.cells ?? []).map((c) => ({ site: this.cells.get(cellKey(c)), rssi: c.rssi }));
    const byCells = centre(cells, MIN_CELL_RANGE);
    return byCells && { ...byCells, source: 'lbs' };
  }

  /** Adds the rows of an OpenCelliD CSV export; returns how many were taken. */
  async loadOpenCellId(path: string): Promise<number> {
    let taken = 0;
    await eachLine(path, (cols) => {
      const [, mcc, mnc, lac, cid, , lon, lat, range] = cols.map(Number);
      if (![mcc, mnc, lac, cid, lon, lat].every(Number.isFinite)) return;
      this.addCell({ mcc: mcc!, mnc: mnc!, lac: lac!, cid: cid! }, { lon: lon!, lat: lat!, range: Number.isFinite(range) && range! > 0 ? range! : 1000 });
      taken++;
    });
    return taken;
  }

  /** Adds the rows of a `mac,lon,lat,range` CSV; returns how many were taken. */
  async loadWifiCsv(path: string): Promise<number> {
    let taken = 0;
    await eachLine(path, (cols) => {
      const [mac, lon, lat, range] = [cols[0] ?? '', Number(cols[1]), Number(cols[2]), Number(cols[3])];
      if (!/^([0-9a-f]{2}[:-]){5}[0-9a-f]{2}$/i.test(mac) || !Number.isFinite(lon) || !Number.isFinite(lat)) return;
      this.addWifi(mac.replace(/-/g, ':'), { lon, lat, range: Number.isFinite(range) && range > 0 ? range : 50 });
      taken++;
    });
    return taken;
  }
}

function centre(heard: { site: KnownSite | undefined; rssi?: number }[], minRange: number): Omit<ApproximatePlace, 'source'> | undefined {
  const known = heard.filter((h): h is { site: KnownSite; rssi?: number } => h.site !== undefined);
  if (known.length === 0) return undefined;
  // a stronger signal (rssi closer to 0 dBm) pulls harder; levels without a sign count as given
  const weights = known.map((h) => (h.rssi === undefined ? 1 : 1 / Math.max(1, Math.abs(h.rssi) - 20)));
  const total = weights.reduce((a, b) => a + b, 0);
  const lon = known.reduce((a, h, i) => a + h.site.lon * weights[i]!, 0) / total;
  const lat = known.reduce((a, h, i) => a + h.site.lat * weights[i]!, 0) / total;
  const metresPerDegLat = 111_320;
  const metresPerDegLon = metresPerDegLat * Math.cos((lat * Math.PI) / 180);
  let accuracy = 0;
  for (const { site } of known) {
    const d = Math.hypot((site.lon - lon) * metresPerDegLon, (site.lat - lat) * metresPerDegLat);
    accuracy = Math.max(accuracy, d + Math.max(minRange, site.range));
  }
  return { lon, lat, accuracy: Math.round(accuracy) };
}

async function eachLine(path: string, take: (cols: string[]) => void): Promise<void> {
  const source = createReadStream(path);
  const input = path.endsWith('.gz') ? source.pipe(createGunzip()) : source;
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    if (line.trim() === '') continue;
    take(line.split(','));
  }
}

export type { CellTower, WifiAccessPoint };
