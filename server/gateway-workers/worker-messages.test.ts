import { describe, expect, it } from 'vitest';
import type { PositionRow } from '../gateway/gateway-ports';
import { packResponse, packRows, unpackResponse, unpackRows } from './worker-messages';

const row = (over: Partial<PositionRow> = {}): PositionRow => ({
  terminalNo: '13800000001', terminalId: 11, tenantId: 2, deviceTime: new Date('2026-06-01T00:00:00Z'),
  receivedTime: new Date('2026-06-01T00:00:01.250Z'), lon: 113.9, lat: 22.45, altitude: 20, speed: 48.5, course: 135,
  alarmFlags: 0x1, statusFlags: 0x3, mileage: 12345.6, extras: { fuel: 80.5, fix: 'lbs', accuracy: 300 }, backfill: false, ...over,
});

describe('worker messages', () => {
  it('carries a batch through JSON as columns and gives back the same rows', () => {
    const rows = [row(), row({ terminalNo: '13800000002', mileage: undefined, backfill: true, extras: {} })];
    const back = unpackRows(JSON.parse(JSON.stringify(packRows(rows))) as ReturnType<typeof packRows>);
    const { mileage: _absent, ...second } = rows[1]!;
    expect(back).toEqual([rows[0], second]);
    expect('mileage' in back[1]!).toBe(false);
    expect(back[0]!.deviceTime).toBeInstanceOf(Date);
  });

  it('carries a location answer with its position', () => {
    const event = { terminalNo: '13800000001', tenantId: 2, msgId: 0x0201 as const, replySerial: 7, position: row() };
    expect(unpackResponse(JSON.parse(JSON.stringify(packResponse(event))) as ReturnType<typeof packResponse>)).toEqual(event);
  });
});
