import type { Page } from 'playwright-core';

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

/** How long a console's live channel must hear no terminal come online before the demo fleet counts as connected. */
const FLEET_QUIET_MS = 5_000;

/**
 * Watches a console page's live channel for terminals coming online: the demo fleet's simulated
 * terminals log in over the server's first seconds, each login an `online` message to every
 * console and work for the server and each open page. `connected()` resolves once none has come
 * for FLEET_QUIET_MS, with the ms from the watch's start, so the pages measured from then on do not
 * share the machine with the fleet's logins. Watch before the page logs in (its socket opens then).
 */
export function watchFleetLogins(page: Page): { connected(timeoutMs?: number): Promise<number> } {
  const start = performance.now();
  let last = start;
  let logins = 0;
  page.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => {
      if (String(frame.payload).includes('"type":"online"')) {
        last = performance.now();
        logins++;
      }
    }),
  );
  return {
    async connected(timeoutMs = 120_000) {
      while (performance.now() - last < FLEET_QUIET_MS) {
        if (performance.now() - start > timeoutMs) throw new Error(`terminals still logging in after ${timeoutMs} ms (${logins} so far)`);
        await new Promise((r) => setTimeout(r, 250));
      }
      return last - start;
    },
  };
}
