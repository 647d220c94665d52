import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { distance } from '../../sdk/geo';
import { OfflineCellLocator } from './cell-locator';

describe('OfflineCellLocator', () => {
  it('loads an OpenCelliD export (gzipped) and places a report at the cell it heard', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cells-'));
    const file = join(dir, 'cells.csv.gz');
    writeFileSync(file, gzipSync([
      'radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal',
      'GSM,460,0,9520,3671,0,113.3245,23.1251,1200,12,1,1459813803,1459813803,0',
      'LTE,460,1,22581,168413441,0,114.05,22.54,800,3,1,1459813803,1459813803,0',
    ].join('\n')));
    const locator = new OfflineCellLocator();
    expect(await locator.loadOpenCellId(file)).toBe(2);
    expect(locator.locate({ cells: [{ mcc: 460, mnc: 0, lac: 9520, cid: 3671 }] })).toEqual({ lon: 113.3245, lat: 23.1251, accuracy: 1200, source: 'lbs' });
    expect(locator.locate({ cells: [{ mcc: 460, mnc: 0, lac: 9520, cid: 9999 }] })).toBeUndefined();
  });

  it('prefers known WiFi access points and covers the spread of several sites', () => {
    const locator = new OfflineCellLocator();
    locator.addCell({ mcc: 460, mnc: 0, lac: 1, cid: 1 }, { lon: 113.30, lat: 23.10, range: 1000 });
    locator.addWifi('AA:BB:CC:DD:EE:01', { lon: 113.3200, lat: 23.1200, range: 40 });
    locator.addWifi('aa:bb:cc:dd:ee:02', { lon: 113.3210, lat: 23.1200, range: 40 });
    const fix = locator.locate({
      cells: [{ mcc: 460, mnc: 0, lac: 1, cid: 1 }],
      wifi: [{ mac: 'aa:bb:cc:dd:ee:01', rssi: -50 }, { mac: 'aa:bb:cc:dd:ee:02', rssi: -50 }, { mac: 'aa:bb:cc:dd:ee:03', rssi: -40 }],
    })!;
    expect(fix.source).toBe('wifi');
    expect(fix.lon).toBeCloseTo(113.3205, 6);
    // half the 102 m between the two access points plus their range
    const half = distance([113.32, 23.12], [113.321, 23.12]) / 2;
    expect(fix.accuracy).toBe(Math.round(half + 40));
  });
});
