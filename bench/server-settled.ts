/**
 * Waits until a freshly started demo server has finished its start-up work (migrations, the demo
 * fleet's first minutes, the geocoding data it loads in the background), so the pages measured
 * first are not read against a server still busy starting: its small site icon must come back
 * within SETTLED_MS REPEAT times in a row. Resolves how long that took, in ms.
 */
const SETTLED_MS = 10;
const REPEAT = 20;
const PAUSE_MS = 50;

export async function serverSettled(baseUrl: string, timeoutMs = 60_000): Promise<number> {
  const start = performance.now();
  let quick = 0;
  while (quick < REPEAT) {
    if (performance.now() - start > timeoutMs) throw new Error(`the server did not settle within ${timeoutMs} ms`);
    const t0 = performance.now();
    await (await fetch(`${baseUrl}/favicon.ico`)).arrayBuffer();
    quick = performance.now() - t0 <= SETTLED_MS ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, PAUSE_MS));
  }
  return performance.now() - start;
}
