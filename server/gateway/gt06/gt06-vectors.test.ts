import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DeviceMessage } from '../device-protocol';
import { gt06Protocol } from './gt06-protocol';

interface Vector {
  id: string;
  source: string;
  hex: string;
  sourceAsserts: string;
  expect: { refused: string } | (Record<string, unknown> & { kind: string; fixes?: { lat?: number; lon?: number; time: string }[] });
  why?: string;
}

const vectors = JSON.parse(readFileSync(new URL('./testdata/gt06-vectors.json', import.meta.url), 'utf8')) as Vector[];

function summary(m: DeviceMessage): Record<string, unknown> {
  const e: Record<string, unknown> = { kind: m.kind, type: m.type };
  if (m.imei) e.imei = m.imei;
  if (m.fixes.length) {
    e.fixes = m.fixes.map((f) => ({
      source: f.source, valid: f.valid, time: f.time.toISOString(),
      ...(f.lat !== undefined && { lat: Number(f.lat.toFixed(6)), lon: Number(f.lon!.toFixed(6)) }), speed: f.speed,
      ...(f.cells?.length && { cells: f.cells.length }), ...(f.wifi?.length && { wifi: f.wifi.length }),
    }));
  }
  if (m.alarms.length) e.alarms = m.alarms;
  if (m.answer) e.answer = m.answer;
  if (m.status && Object.keys(m.status).length) e.status = m.status;
  e.replies = m.replies.map((x) => (m.kind === 'time' ? { afterCommit: x.afterCommit } : { hex: Buffer.from(x.frame).toString('hex'), afterCommit: x.afterCommit }));
  return e;
}

describe('GT06 frames from public test suites', () => {
  it('has the frames of traccar\'s GT06 decoder test', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(70);
  });

  for (const v of vectors) {
    it(`${v.id} (${v.sourceAsserts})`, () => {
      const result = gt06Protocol.decode(Buffer.from(v.hex, 'hex'), {});
      if ('refused' in v.expect) {
        expect(v.why, 'a refused vector says why').toBeTruthy();
        expect(result).toMatchObject({ ok: false, reason: v.expect.refused });
        return;
      }
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(summary(result.message)).toEqual(v.expect);
      // what the source itself asserts
      if (v.sourceAsserts.startsWith('verifyPosition')) {
        expect(result.message.fixes.some((f) => f.lat !== undefined && f.lon !== undefined), 'the source decodes a position').toBe(true);
      }
      const explicit = /^verifyPosition:(.+),(.+),(.+)$/.exec(v.sourceAsserts);
      if (explicit) {
        const fix = result.message.fixes[0]!;
        expect(fix.time.toISOString()).toBe(new Date(explicit[1]!).toISOString());
        expect(fix.lat).toBeCloseTo(Number(explicit[2]), 5);
        expect(fix.lon).toBeCloseTo(Number(explicit[3]), 5);
      }
    });
  }

  it('reads the IMEI of every login the sources use', () => {
    const logins = vectors.filter((v) => !('refused' in v.expect) && v.expect.kind === 'login').map((v) => (v.expect as Record<string, unknown>).imei);
    expect(logins).toContain('123456789012345');
    expect(logins.every((i) => typeof i === 'string' && /^\d{15}$/.test(i))).toBe(true);
  });
});
