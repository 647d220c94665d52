/** Longest the secondary work waits for an idle moment after the frame, ms. */
const IDLE_TIMEOUT_MS = 500;

type IdleWindow = { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number };

/**
 * Runs `fn` once the page has drawn its next frame and the main thread is idle (or after
 * 500 ms at most): what the user waits for (the track on the map, 播放) comes before what can
 * follow (the point table, stop addresses, the speed chart).
 */
export function afterFirstFrame(fn: () => void): void {
  const idle = () => {
    const ric = (globalThis as IdleWindow).requestIdleCallback;
    if (typeof ric === 'function') ric(fn, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(fn, 0);
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(idle, 0));
  else setTimeout(idle, 0);
}
