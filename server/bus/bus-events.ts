import type { PositionRow } from '../gateway/gateway-ports';

/** A committed position as it travels on the bus (JSON-safe: times are ISO strings). */
export interface BusPosition {
  /** Normalised terminal number. */
  terminalNo: string;
  terminalId: number;
  deviceTime: string;
  receivedTime: string;
  lon: number;
  lat: number;
  altitude: number;
  speed: number;
  course: number;
  alarmFlags: number;
  statusFlags: number;
  mileage: number | null;
  backfill: boolean;
}

/** Positions of one tenant committed in one batch. */
export interface PositionsEvent {
  type: 'positions';
  tenantId: number;
  positions: BusPosition[];
}

/** A terminal's connection came up or went down. */
export interface OnlineEvent {
  type: 'online';
  tenantId: number;
  terminalId: number;
  terminalNo: string;
  online: boolean;
  /** ISO time of the transition. */
  at: string;
}

/** Everything that travels on the bus; alarms and commands join later. */
export type BusEvent = PositionsEvent | OnlineEvent;

export type BusListener = (event: BusEvent) => void;

/**
 * Live events between the gateway and the live channel, in one process or (NATS) across
 * instances. Delivery is at most once: the store, not the bus, is the record.
 */
export interface EventBus {
  readonly kind: 'memory' | 'nats';
  publish(event: BusEvent): void;
  /** Attaches a listener for every event; returns the function that detaches it. */
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

export function toBusPosition(row: PositionRow): BusPosition {
  return {
    terminalNo: row.terminalNo,
    terminalId: Number(row.terminalId),
    deviceTime: row.deviceTime.toISOString(),
    receivedTime: row.receivedTime.toISOString(),
    lon: row.lon,
    lat: row.lat,
    altitude: row.altitude,
    speed: row.speed,
    course: row.course,
    alarmFlags: row.alarmFlags,
    statusFlags: row.statusFlags,
    mileage: row.mileage ?? null,
    backfill: row.backfill,
  };
}
