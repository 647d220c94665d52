import type { ExportReadyLiveEvent } from '../../sdk/services/live-service';
import type { CommandView } from '../commands/command-view';
import type { Alarm } from '../alarms/alarm-model';
import type { PositionRow } from '../gateway/gateway-ports';
import { positionReadings } from '../gateway/position-readings';
import type { Position, PositionSource } from '../../sdk/position';

/**
 * A committed position as it travels on the bus (the position model with its times as ISO strings;
 * the tenant is the event's): what the live channel pushes without reading the store again.
 */
export type BusPosition = Omit<Position<string>, 'tenantId'>;

/** Positions of one tenant committed in one batch. */
export interface PositionsEvent {
  type: 'positions';
  tenantId: number;
  positions: BusPosition[];
}

/** A terminal's connection came up or went down. */
export interface OnlineEvent extends PositionSource {
  type: 'online';
  online: boolean;
  /** ISO time of the transition. */
  at: string;
}

/** A command changed status (live channel: users who may see the terminal). */
export interface CommandStatusEvent {
  type: 'command';
  tenantId: number;
  /** The terminal's vehicle group now (group-scoped users see only their groups). */
  groupId: number | null;
  command: CommandView;
}

/** Commands were queued for these terminals: the instance holding a terminal's connection sends them. */
export interface CommandDispatchEvent {
  type: 'commandDispatch';
  tenantId: number;
  /** Normalised terminal numbers. */
  terminalNos: string[];
}

/** An alarm started, ended or was processed (live channel: users who may see the asset). */
export interface AlarmEvent {
  type: 'alarm';
  tenantId: number;
  /** The asset's vehicle group now (group-scoped users see only their groups). */
  groupId: number | null;
  /** The asset's terminal: its live item is pushed again with its open alarms. */
  terminalId?: number;
  event: 'start' | 'end' | 'processed';
  alarm: Alarm;
}

/** Asset records changed (service renewed, vehicle edited or moved): live views read these terminals again. */
export interface AssetsChangedEvent {
  type: 'assets';
  tenantId: number;
  terminalIds: number[];
}

/** A user's report export is ready (live channel: that user's sockets get the record id and file name). */
export interface ExportReadyEvent extends ExportReadyLiveEvent {
  type: 'exportReady';
  /** The user's own tenant. */
  tenantId: number;
  userId: number;
}

/**
 * Sessions ended or grants changed (logout, password, disabled or deleted user, role or user edited):
 * the live channel of every instance checks the matching sockets again at once.
 */
export interface AccessChangedEvent {
  type: 'access';
  /** The users' (or roles') tenant. */
  tenantId: number;
  userIds?: number[];
  roleIds?: number[];
  /** The session whose own request ended the sessions: its live channel closes quietly. */
  endedBySession?: string;
}

/** Everything that travels on the bus. */
export type BusEvent = PositionsEvent | OnlineEvent | CommandStatusEvent | CommandDispatchEvent | AlarmEvent | AssetsChangedEvent | ExportReadyEvent | AccessChangedEvent;

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
  const readings = positionReadings(row.extras);
  return {
    terminalNo: row.terminalNo,
    terminalId: row.terminalId,
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
    ...(row.extras.fix && row.extras.fix !== 'gps' && { fix: row.extras.fix }),
    ...(row.extras.accuracy !== undefined && { accuracy: row.extras.accuracy }),
    ...(row.extras.battery !== undefined && { battery: row.extras.battery }),
    ...(row.extras.externalVoltage !== undefined && { externalVoltage: row.extras.externalVoltage }),
    ...(row.extras.charging !== undefined && { charging: row.extras.charging }),
    ...(row.extras.armed !== undefined && { armed: row.extras.armed }),
    ...(readings && { readings }),
  };
}
