import { describe, expect, it } from 'vitest';
import { checkAssetProfile } from '../../sdk/asset-kinds';
import { DEMO_TACS, demoDevices, demoImeis, imeiOf } from './demo-devices';

describe('demo devices', () => {
  it('numbers devices with valid IMEIs (Luhn check digit)', () => {
    expect(imeiOf('49015420', 323751)).toBe('490154203237518');
  });

  it('hands out IMEIs no one can count on from another: valid, not sequential, the same on every start', () => {
    const luhn = (imei: string) => [...imei].reverse().reduce((sum, c, i) => {
      const d = Number(c) * (i % 2 === 1 ? 2 : 1);
      return sum + (d > 9 ? d - 9 : d);
    }, 0) % 10 === 0;
    const devices = demoDevices();
    for (const tac of Object.values(DEMO_TACS)) {
      const serials = devices.filter((d) => d.imei.startsWith(tac)).map((d) => Number(d.imei.slice(8, 14)));
      expect(serials.length, tac).toBeGreaterThanOrEqual(10);
      // no two devices of a kind are neighbours, whichever order they are listed in
      const sorted = [...serials].sort((a, b) => a - b);
      const gaps = sorted.slice(1).map((s, i) => s - sorted[i]!);
      expect(Math.min(...gaps), tac).toBeGreaterThan(1);
    }
    expect(devices.every((d) => /^\d{15}$/.test(d.imei) && luhn(d.imei))).toBe(true);
    expect(demoDevices().map((d) => d.imei)).toEqual(devices.map((d) => d.imei));
    // the simulator's longer lists start with the demo's devices
    expect(demoImeis(DEMO_TACS.ebike, 100).slice(0, 40)).toEqual(devices.filter((d) => d.role === 'ebike').map((d) => d.imei));
  });

  it('has 30 badges, 20 collars over both protocols and 40 e-bike guards, one draining, all distinct', () => {
    const devices = demoDevices();
    const count = (role: string, protocol?: string) => devices.filter((d) => d.role === role && (!protocol || d.protocol === protocol)).length;
    expect([count('badge', 'watch'), count('collar', 'gt06'), count('collar', 'watch'), count('ebike', 'gt06')]).toEqual([30, 10, 10, 40]);
    expect(new Set(devices.map((d) => d.imei)).size).toBe(90);
    expect(new Set(devices.map((d) => d.name)).size).toBe(90);
    expect(devices.filter((d) => d.draining).map((d) => d.role)).toEqual(['ebike']);
    expect(devices.every((d) => /^\d{15}$/.test(d.imei))).toBe(true);
  });

  it('gives every person, pet and e-bike the fields of its kind, as 系统管理 would accept them', () => {
    for (const d of demoDevices()) {
      const checked = checkAssetProfile(d.assetKind, d.profile, '2026-11-25');
      expect(checked.errors, d.name).toEqual([]);
      expect(checked.profile).toEqual(d.profile);
    }
    const person = demoDevices().find((d) => d.assetKind === 'person')!;
    expect(Object.keys(person.profile)).toEqual(['employeeNo', 'department', 'phone']);
  });
});
