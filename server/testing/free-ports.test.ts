import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, freePorts, portSlice } from './free-ports';

const outgoingFrom = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);

describe('ports for a server started as another process', () => {
  it('are distinct, free, in the worker’s own slice and below the ports of outgoing connections', async () => {
    const ports = [...(await freePorts(4)), await freePort(), await freePort()];
    expect(new Set(ports).size).toBe(ports.length);
    const { first, last } = portSlice();
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(first);
      expect(port).toBeLessThanOrEqual(last);
      expect(port).toBeLessThan(outgoingFrom);
      // free: a server can listen on it now
      await new Promise<void>((resolve, reject) => {
        const s = createServer();
        s.once('error', reject);
        s.listen(port, () => s.close(() => resolve()));
      });
    }
  });

  it('come from slices that do not overlap, one per worker', () => {
    const slices = [0, 1, 2, 3, 4].map((poolId) => portSlice(poolId));
    for (const [i, a] of slices.entries()) {
      expect(a.last).toBeLessThan(outgoingFrom);
      for (const b of slices.slice(i + 1)) expect(a.last < b.first || b.last < a.first).toBe(true);
    }
  });
});
