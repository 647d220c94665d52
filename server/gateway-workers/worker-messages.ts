// What a gateway worker and the primary say to each other over the IPC channel. Messages are
// JSON (the channel's default), so dates travel as epoch milliseconds and bodies as base64.
import type { DeviceCommand, ProtocolName } from '../gateway/device-protocol';
import type { GatewayMetricsSnapshot } from '../gateway/gateway-metrics';
import type { LoginClaim, LoginVerdict } from '../gateway/login-policy';
import type {
  CommandResponseEvent, PositionRow, TerminalIdentity, TerminalOfflineEvent, TerminalOnlineEvent, TerminalRegistration,
} from '../gateway/gateway-ports';

/** The gateways every worker runs, by protocol. */
export type GatewayProtocol = 'jt808' | 'gt06' | 'watch';

/** A position row with its dates as epoch milliseconds. */
export type PackedRow = Omit<PositionRow, 'deviceTime' | 'receivedTime'> & { deviceTime: number; receivedTime: number };

/**
 * A batch as columns: every committed row crosses the channel, and without the keys repeated per
 * row it is about half the bytes to write and parse.
 */
export type PackedRows = { [K in Exclude<keyof PackedRow, 'mileage' | 'backfill'>]: PackedRow[K][] } & {
  /** null where the terminal sent no odometer. */
  mileage: (number | null)[];
  backfill: (0 | 1)[];
};

/** A command response whose position (0x0201) is packed. */
export type PackedResponse =
  | Exclude<CommandResponseEvent, { msgId: 0x0201 }>
  | (Omit<Extract<CommandResponseEvent, { msgId: 0x0201 }>, 'position'> & { position: PackedRow | undefined });

/** A failure carried back over the channel; `name` restores the error class the caller checks. */
export interface WireError {
  name: string;
  message: string;
  terminalNo?: string;
  protocol?: string;
  command?: string;
}

export type WorkerToPrimary =
  | { t: 'listening'; ports: Record<GatewayProtocol, number> }
  /** `seq` names this binding of the terminal in its worker, so a stale evict or offline is recognised. */
  | { t: 'online'; event: TerminalOnlineEvent; seq: number }
  | { t: 'offline'; event: TerminalOfflineEvent; seq: number }
  /** One committed batch, after its commit (the acks leave the worker at the same time). */
  | { t: 'positions'; rows: PackedRows }
  | { t: 'response'; event: PackedResponse }
  | { t: 'reply'; id: number; value?: unknown; error?: WireError }
  | { t: 'register'; id: number; terminalNo: string; registration: TerminalRegistration }
  | { t: 'registerDevice'; id: number; imei: string; protocol: Exclude<ProtocolName, 'jt808'> }
  /** A connection from an address the cap counts opened (answered with a boolean reply) or ended. */
  | { t: 'connOpen'; id: number; key: string; host: string }
  | { t: 'connClosed'; key: string }
  /** May this login take the terminal (answered with a {@link LoginVerdict} reply)? */
  | { t: 'claim'; id: number; claim: LoginClaim }
  /** The worker's gateway counters, every few seconds, for the metrics endpoint. */
  | { t: 'metrics'; protocols: Record<GatewayProtocol, GatewayMetricsSnapshot> }
  | { t: 'closed' };

export type PrimaryToWorker =
  | { t: 'command'; id: number; terminalNo: string; msgId: number; body: string }
  | { t: 'deviceCommand'; id: number; terminalNo: string; command: DeviceCommand }
  /** Close the terminal's connection bound as `seq`: a newer one is held by another worker. */
  | { t: 'evict'; terminalNo: string; protocol: GatewayProtocol; seq: number }
  /** How long the terminal's connection here has been silent (answered with the gateway's liveHolder, or nothing). */
  | { t: 'holder'; id: number; terminalNo: string; protocol: GatewayProtocol }
  | { t: 'reply'; id: number; value?: TerminalIdentity | LoginVerdict | boolean; error?: WireError }
  | { t: 'close' };

export function packRow(row: PositionRow): PackedRow {
  return { ...row, deviceTime: row.deviceTime.getTime(), receivedTime: row.receivedTime.getTime() };
}

export function unpackRow(row: PackedRow): PositionRow {
  return { ...row, deviceTime: new Date(row.deviceTime), receivedTime: new Date(row.receivedTime) };
}

export function packRows(rows: readonly PositionRow[]): PackedRows {
  const packed: PackedRows = {
    terminalNo: [], terminalId: [], tenantId: [], deviceTime: [], receivedTime: [], lon: [], lat: [], altitude: [],
    speed: [], course: [], alarmFlags: [], statusFlags: [], mileage: [], extras: [], backfill: [],
  };
  for (const r of rows) {
    packed.terminalNo.push(r.terminalNo);
    packed.terminalId.push(r.terminalId);
    packed.tenantId.push(r.tenantId);
    packed.deviceTime.push(r.deviceTime.getTime());
    packed.receivedTime.push(r.receivedTime.getTime());
    packed.lon.push(r.lon);
    packed.lat.push(r.lat);
    packed.altitude.push(r.altitude);
    packed.speed.push(r.speed);
    packed.course.push(r.course);
    packed.alarmFlags.push(r.alarmFlags);
    packed.statusFlags.push(r.statusFlags);
    packed.mileage.push(r.mileage ?? null);
    packed.extras.push(r.extras);
    packed.backfill.push(r.backfill ? 1 : 0);
  }
  return packed;
}

export function unpackRows(p: PackedRows): PositionRow[] {
  const rows = new Array<PositionRow>(p.terminalNo.length);
  for (let i = 0; i < rows.length; i++) {
    const mileage = p.mileage[i];
    rows[i] = {
      terminalNo: p.terminalNo[i]!, terminalId: p.terminalId[i]!, tenantId: p.tenantId[i]!,
      deviceTime: new Date(p.deviceTime[i]!), receivedTime: new Date(p.receivedTime[i]!),
      lon: p.lon[i]!, lat: p.lat[i]!, altitude: p.altitude[i]!, speed: p.speed[i]!, course: p.course[i]!,
      alarmFlags: p.alarmFlags[i]!, statusFlags: p.statusFlags[i]!, ...(mileage !== null && mileage !== undefined && { mileage }),
      extras: p.extras[i]!, backfill: p.backfill[i] === 1,
    };
  }
  return rows;
}

export function packResponse(event: CommandResponseEvent): PackedResponse {
  return event.msgId === 0x0201 ? { ...event, position: event.position && packRow(event.position) } : event;
}

export function unpackResponse(event: PackedResponse): CommandResponseEvent {
  return event.msgId === 0x0201 ? { ...event, position: event.position && unpackRow(event.position) } : event;
}

/** The protocol of the gateway that reported a terminal online. */
export function protocolOfEdition(edition: TerminalOnlineEvent['edition']): GatewayProtocol {
  return edition === '2013' || edition === '2019' ? 'jt808' : edition;
}

export function toWireError(err: unknown): WireError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const extra = err as Error & { terminalNo?: string; protocol?: string; command?: string };
  return {
    name: err.name, message: err.message,
    ...(extra.terminalNo !== undefined && { terminalNo: extra.terminalNo }),
    ...(extra.protocol !== undefined && { protocol: extra.protocol }),
    ...(extra.command !== undefined && { command: extra.command }),
  };
}
