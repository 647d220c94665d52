import NProgress from 'nprogress';
import { afterEach, describe, expect, it } from 'vitest';
import { progressBar } from './progress-bar';

const frame = () => new Promise<void>((resolve) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => resolve()) : setTimeout(resolve, 0)));

describe('progressBar', () => {
  afterEach(() => NProgress.done(true));

  it('shows the bar from the next frame and ends it after, in the order asked', async () => {
    progressBar.start();
    await frame();
    expect(NProgress.isStarted()).toBe(true);
    expect(document.getElementById('nprogress')).not.toBeNull();
    progressBar.done();
    await frame();
    expect(NProgress.isStarted()).toBe(false);
  });

  it('a navigation over within one frame still starts the bar and ends it', async () => {
    const seen: string[] = [];
    const start = NProgress.start.bind(NProgress);
    const done = NProgress.done.bind(NProgress);
    NProgress.start = () => (seen.push('start'), start());
    NProgress.done = (force?: boolean) => (seen.push('done'), done(force));
    try {
      progressBar.start();
      progressBar.done();
      expect(seen).toEqual([]);
      await frame();
      expect(seen).toEqual(['start', 'done']);
      expect(NProgress.isStarted()).toBe(false);
    } finally {
      NProgress.start = start;
      NProgress.done = done;
    }
  });
});
