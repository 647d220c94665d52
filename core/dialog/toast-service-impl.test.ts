import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastService, type ToastService as ToastServiceType } from '@tianlu/sdk';
import { createTestKernel } from '../test/fake-server';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const toast = () => createTestKernel().get<ToastServiceType>(ToastService);

describe('ToastServiceImpl', () => {
  it('shows one toast and dismisses it after 3000 ms by default', () => {
    const t = toast();
    t.show('保存成功', 'success');
    expect(t.current).toMatchObject({ text: '保存成功', intent: 'success' });
    vi.advanceTimersByTime(2999);
    expect(t.current?.text).toBe('保存成功');
    vi.advanceTimersByTime(1);
    expect(t.current).toBeUndefined();
  });

  it('replaces the previous toast and restarts the timer', () => {
    const t = toast();
    t.show('第一条');
    vi.advanceTimersByTime(2000);
    t.show('第二条', 'error');
    expect(t.current).toMatchObject({ text: '第二条', intent: 'error' });
    vi.advanceTimersByTime(2000);
    expect(t.current?.text).toBe('第二条');
    vi.advanceTimersByTime(1000);
    expect(t.current).toBeUndefined();
  });

  it('honours a custom duration, defaults the intent to info, and dismisses on demand', () => {
    const t = toast();
    t.show('x', undefined, 500);
    expect(t.current?.intent).toBe('info');
    vi.advanceTimersByTime(500);
    expect(t.current).toBeUndefined();
    t.show('y', 'warning', 0);
    vi.advanceTimersByTime(60000);
    expect(t.current?.text).toBe('y');
    t.dismiss();
    expect(t.current).toBeUndefined();
  });

  it('gives every toast a new id', () => {
    const t = toast();
    t.show('a');
    const first = t.current!.id;
    t.show('a');
    expect(t.current!.id).not.toBe(first);
  });
});
