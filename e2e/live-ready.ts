import type { Page } from 'playwright-core';

/**
 * Resolves when a live channel the page opens is up (so it hears what follows): `ready`, and its
 * snapshot too when it subscribed to positions before it was ready (a page showing them) or `snapshot` is set.
 */
export function liveReady(page: Page, { snapshot = false } = {}): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      let positions = snapshot;
      ws.on('framesent', (f) => {
        const msg = JSON.parse(String(f.payload)) as { type?: string; positions?: boolean };
        if (msg.type === 'auth' || msg.type === 'subscribe') positions = snapshot || msg.positions !== false;
      });
      ws.on('framereceived', (f) => {
        const text = String(f.payload);
        if (text.startsWith('{"type":"snapshot"') || (text.startsWith('{"type":"ready"') && !positions)) resolve();
      });
    });
  });
}
