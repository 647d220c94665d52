import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_TYPES, MessageBus, type MessageBus as MessageBusType } from '@tianlu/sdk';
import { createTestKernel } from '../test/fake-server';

const bus = () => createTestKernel().get<MessageBusType>(MessageBus);

describe('MessageBusImpl', () => {
  it('knows exactly the nine message types', () => {
    expect([...MESSAGE_TYPES].sort()).toEqual(
      ['changeClient', 'changeResourceData', 'getResourceData', 'goPage', 'showDownList', 'showImage', 'showInstructions', 'showVehInfo', 'updateMenu'],
    );
    const b = bus();
    for (const t of MESSAGE_TYPES) expect(() => b.emit(t, undefined as never)).not.toThrow();
  });

  it('delivers to every handler and counts them', () => {
    const b = bus();
    const a = vi.fn();
    const c = vi.fn();
    b.on('goPage', a);
    b.on('goPage', c);
    expect(b.emit('goPage', { path: '/car/monitor' })).toBe(2);
    expect(a).toHaveBeenCalledWith({ path: '/car/monitor' });
    expect(c).toHaveBeenCalledTimes(1);
    expect(b.emit('showImage', { urls: [] })).toBe(0);
  });

  it('throws on an unknown type, on emit and on subscribe', () => {
    const b = bus();
    expect(() => b.emit('nope' as never, undefined as never)).toThrow(/unknown message type nope/);
    expect(() => b.on('nope' as never, () => undefined)).toThrow(/unknown message type/);
  });

  it('stops delivering after dispose', () => {
    const b = bus();
    const h = vi.fn();
    const d = b.on('updateMenu', h);
    d.dispose();
    expect(b.emit('updateMenu', undefined)).toBe(0);
    expect(h).not.toHaveBeenCalled();
  });

  it('keeps going when one handler throws, logging the error', () => {
    const b = bus();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = vi.fn();
    b.on('showVehInfo', () => {
      throw new Error('boom');
    });
    b.on('showVehInfo', after);
    expect(b.emit('showVehInfo', { terminalNo: '1' })).toBe(2);
    expect(after).toHaveBeenCalled();
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});
