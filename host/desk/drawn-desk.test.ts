import { afterEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './drawn-desk';

afterEach(() => vi.useRealTimers());

describe('throttle', () => {
  it('runs at once after a quiet spell, and a run asked for sooner at the end of the period', () => {
    vi.useFakeTimers();
    const start = Date.now();
    const schedule = throttle(250, () => Date.now());
    const runs: number[] = [];
    const run = () => runs.push(Date.now() - start);
    schedule(run);
    expect(runs).toEqual([0]);
    vi.advanceTimersByTime(100);
    schedule(run);
    expect(runs).toEqual([0]);
    vi.advanceTimersByTime(149);
    expect(runs).toEqual([0]);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual([0, 250]);
    vi.advanceTimersByTime(1000);
    schedule(run);
    expect(runs).toEqual([0, 250, 1250]);
  });
});
