import type { Clock } from '../clock';
import type { GatewayEvents, PositionRow } from '../gateway/gateway-ports';
import type { FleetQueries } from '../store/fleet-queries';
import { toBusPosition, type EventBus } from './bus-events';
import type { PartDataSlot } from './part-data-slot';

/**
 * Publishes what the local gateway reports: committed positions (grouped by tenant, one event per
 * tenant per batch) and connection transitions, which it also records on the terminal so every
 * instance can tell whether a terminal is connected anywhere. Transitions are written in order.
 * With server parts in `slot`, positions carry the readings their decoders give and are then fed to
 * the parts that subscribed; a batch whose tenants' plugins are not known yet waits for that read
 * (and later batches wait behind it, so pushes stay in order).
 */
export function gatewayBusBridge(
  bus: EventBus, fleet: FleetQueries, clock: Clock, onError: (err: unknown) => void, slot: PartDataSlot = {},
): { events: Partial<GatewayEvents>; settled(): Promise<void> } {
  let writes: Promise<void> = Promise.resolve();
  let pushes: Promise<void> | undefined;
  const transition = (terminalId: number, terminalNo: string, tenantId: number, online: boolean) => {
    const at = clock.now();
    writes = writes
      .then(() => fleet.setConnected(terminalId, online, at))
      .catch(onError)
      .then(() => bus.publish({ type: 'online', tenantId, terminalId, terminalNo, online, at: at.toISOString() }));
  };
  const events: Partial<GatewayEvents> = {
    positionsCommitted(rows: readonly PositionRow[]) {
      const byTenant = new Map<number, PositionRow[]>();
      for (const row of rows) {
        const list = byTenant.get(row.tenantId);
        if (list) list.push(row);
        else byTenant.set(row.tenantId, [row]);
      }
      const tap = slot.positions;
      const publish = () => {
        for (const [tenantId, list] of byTenant) {
          let positions = list.map(toBusPosition);
          if (tap) positions = positions.map((p) => tap.decorate(tenantId, p));
          bus.publish({ type: 'positions', tenantId, positions });
          tap?.positions(tenantId, positions);
        }
      };
      const wait = tap?.prepare(byTenant.keys());
      if (!wait && !pushes) return publish();
      const run: Promise<void> = (pushes ?? Promise.resolve()).then(() => wait).then(publish).catch(onError).finally(() => {
        if (pushes === run) pushes = undefined;
      });
      pushes = run;
    },
    terminalOnline(e) {
      transition(e.terminalId, e.terminalNo, e.tenantId, true);
    },
    terminalOffline(e) {
      transition(e.terminalId, e.terminalNo, e.tenantId, false);
    },
  };
  return { events, settled: async () => { await writes; await pushes; } };
}

