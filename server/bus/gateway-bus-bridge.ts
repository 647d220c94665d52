import type { Clock } from '../clock';
import type { GatewayEvents, PositionRow } from '../gateway/gateway-ports';
import type { FleetQueries } from '../store/fleet-queries';
import { toBusPosition, type EventBus } from './bus-events';

/**
 * Publishes what the local gateway reports: committed positions (grouped by tenant, one event per
 * tenant per batch) and connection transitions, which it also records on the terminal so every
 * instance can tell whether a terminal is connected anywhere. Transitions are written in order.
 */
export function gatewayBusBridge(
  bus: EventBus, fleet: FleetQueries, clock: Clock, onError: (err: unknown) => void,
): { events: Partial<GatewayEvents>; settled(): Promise<void> } {
  let writes: Promise<void> = Promise.resolve();
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
      for (const [tenantId, list] of byTenant) bus.publish({ type: 'positions', tenantId, positions: list.map(toBusPosition) });
    },
    terminalOnline(e) {
      transition(e.terminalId, e.terminalNo, e.tenantId, true);
    },
    terminalOffline(e) {
      transition(e.terminalId, e.terminalNo, e.tenantId, false);
    },
  };
  return { events, settled: () => writes };
}

