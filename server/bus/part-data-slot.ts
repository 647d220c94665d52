import type { AlarmRow } from '../store/alarm-queries';
import type { BusPosition } from './bus-events';

/** What the installed plugins' server parts take from the positions this instance commits. */
export interface CommittedPositionTap {
  /** Resolves when the tenants' plugins are known (undefined when they are): the push waits only then. */
  prepare(tenantIds: Iterable<number>): Promise<void> | undefined;
  /** The position with the readings the tenant's parts decode. */
  decorate(tenantId: number, position: BusPosition): BusPosition;
  /** After commit and publish: the parts subscribed to positions get them (never on the caller's path). */
  positions(tenantId: number, positions: readonly BusPosition[]): void;
}

/**
 * Filled once the server parts exist (after the fleet starts): the gateway's bridge decodes and feeds
 * committed positions through `positions`, the alarm engine tells `alarms` of what it raised or ended.
 */
export interface PartDataSlot {
  positions?: CommittedPositionTap;
  alarms?: (event: 'start' | 'end', row: AlarmRow) => void;
}
