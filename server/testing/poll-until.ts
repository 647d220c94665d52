/**
 * Calls `probe` until `ok` accepts its value (every 100 ms), and resolves with that value; rejects
 * naming `what` and the last value once `timeoutMs` passed. For end-to-end tests that wait on what
 * a device or the server does in its own time.
 */
export async function pollUntil<T>(probe: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 600)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
