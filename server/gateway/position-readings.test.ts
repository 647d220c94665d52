import { describe, expect, it } from 'vitest';
import { itemReadingKey, positionReadings } from './position-readings';

describe('positionReadings', () => {
  it('keeps the named values a column can show and each raw item as item.<id> → upper-case hex, the first of a repeated id', () => {
    expect(positionReadings({
      fuel: 52.5, signal: 21, satellites: 9, io: 3, fix: 'gps', charging: true, heartRate: 72,
      raw: [{ id: 0xe1, hex: '01f4' }, { id: 0x04, hex: '0003' }, { id: 0xe1, hex: 'ffff' }],
    })).toEqual({ fuel: 52.5, signal: 21, satellites: 9, heartRate: 72, 'item.e1': '01F4', 'item.04': '0003' });
  });

  it('has none for a report without readings, and reads extras stored as JSON text', () => {
    expect(positionReadings({})).toBeUndefined();
    expect(positionReadings({ fix: 'lbs', accuracy: 600, armed: true })).toBeUndefined();
    expect(positionReadings(null)).toBeUndefined();
    expect(positionReadings('{"externalVoltage":50.4}')).toEqual({ externalVoltage: 50.4 });
  });

  it('names an item by its id in lower-case hex, two digits at least', () => {
    expect(itemReadingKey(0x4)).toBe('item.04');
    expect(itemReadingKey(0xe1)).toBe('item.e1');
  });
});
