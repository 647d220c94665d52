import { describe, expect, it } from 'vitest';
import { decodeTemperature, DEFAULT_SETTINGS, isOver, itemKey, parseItemId, readSettings } from './temperature';

describe('the temperature of an additional item', () => {
  it('reads signed 16-bit tenths of a degree by default', () => {
    expect(decodeTemperature('0028', 'int16x10')).toBe(4);
    expect(decodeTemperature('005F', 'int16x10')).toBe(9.5);
    expect(decodeTemperature('FF4C', 'int16x10')).toBe(-18);
    expect(decodeTemperature('FFFF', 'int16x10')).toBe(-0.1);
  });

  it('reads unsigned tenths offset by −50 ℃, and signed whole degrees in a byte', () => {
    expect(decodeTemperature('0000', 'uint16offset')).toBe(-50);
    expect(decodeTemperature('021C', 'uint16offset')).toBe(4);
    expect(decodeTemperature('04', 'int8')).toBe(4);
    expect(decodeTemperature('EE', 'int8')).toBe(-18);
  });

  it('gives no reading for a missing sensor, a short or malformed payload', () => {
    expect(decodeTemperature('7FFF', 'int16x10')).toBeUndefined();
    expect(decodeTemperature('8000', 'int16x10')).toBeUndefined();
    expect(decodeTemperature('FFFF', 'uint16offset')).toBeUndefined();
    expect(decodeTemperature('7F', 'int8')).toBeUndefined();
    expect(decodeTemperature('00', 'int16x10')).toBeUndefined();
    expect(decodeTemperature('0G28', 'int16x10')).toBeUndefined();
    expect(decodeTemperature('028', 'int16x10')).toBeUndefined();
    expect(decodeTemperature(undefined, 'int16x10')).toBeUndefined();
  });

  it('reads the first compartment of an item that carries several', () => {
    expect(decodeTemperature('0028FF4C', 'int16x10')).toBe(4);
    expect(decodeTemperature('04EE', 'int8')).toBe(4);
  });

  it('names the item as the position’s readings key it', () => {
    expect(itemKey(0xe1)).toBe('item.e1');
    expect(itemKey(0x05)).toBe('item.05');
  });
});

describe('the tenant’s settings', () => {
  it('take item ids in hex, with or without 0x', () => {
    expect(parseItemId('E1')).toBe(0xe1);
    expect(parseItemId('0xe2')).toBe(0xe2);
    expect(parseItemId('5')).toBe(5);
    for (const bad of ['00', '100', 'G1', '', 225]) expect(parseItemId(bad)).toBeUndefined();
  });

  it('fall back to the defaults where a value cannot be used', () => {
    expect(readSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(readSettings({ itemId: 'E3', encoding: 'int8', defaultMin: -20, defaultMax: -15, tripGapMinutes: 60 })).toEqual({
      itemId: 0xe3, encoding: 'int8', defaultMin: -20, defaultMax: -15, tripGapMinutes: 60,
    });
    expect(readSettings({ itemId: 'zz', encoding: 'bcd', defaultMin: 9, defaultMax: 3, tripGapMinutes: 2.5 })).toEqual(DEFAULT_SETTINGS);
  });

  it('count the limits themselves as inside', () => {
    expect(isOver(8, { min: 2, max: 8 })).toBe(false);
    expect(isOver(2, { min: 2, max: 8 })).toBe(false);
    expect(isOver(8.1, { min: 2, max: 8 })).toBe(true);
    expect(isOver(1.9, { min: 2, max: 8 })).toBe(true);
  });
});
