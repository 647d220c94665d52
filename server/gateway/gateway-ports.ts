// The gateway's edges. The store and the bus implement these; the gateway never imports them,
// so it runs (and is tested) without a database.
import type { ApproximateFix, Position, PositionSource, PositionState } from '../../sdk/position';
import type { DeviceAlarm, ProtocolName } from './device-protocol';

/** What the directory knows about a provisioned terminal. */
export interface TerminalIdentity {
  /** The store's id of the terminal. */
  terminalId: PositionSource['terminalId'];
  /** The tenant that owns it; live events are routed by it. */
  tenantId: PositionSource['tenantId'];
  /** The code the terminal must present in 0x0102 (JT/T 808 only). */
  authCode: string;
  /** The protocol the terminal is provisioned for; jt808 when absent. */
  protocol?: ProtocolName;
}

/** The 0x0100 registration fields, as the terminal sent them (text already decoded from GBK). */
export interface TerminalRegistration {
  /** Protocol edition of the registering frame. */
  edition: '2011' | '2013' | '2019';
  province: number;
  city: number;
  maker: string;
  model: string;
  /** The maker's device id (the standard's 终端 ID), not the store's terminal id. */
  deviceId: string;
  /** 0 when the vehicle has no plate (2019: `plate` then holds the VIN). */
  plateColor: number;
  plate: string;
}

/**
 * Where terminals are provisioned. Terminal numbers passed in are normalised (no leading zero
 * padding), so a 2013 and a 2019 terminal with the same number are the same entry.
 */
export interface TerminalDirectory {
  /** The terminal with this number, or undefined when it is not provisioned. */
  lookup(terminalNo: string): Promise<TerminalIdentity | undefined>;
  /**
   * Provisions an unknown terminal (only called when auto-registration is on) and returns its
   * identity with a fresh auth code.
   */
  register(terminalNo: string, registration: TerminalRegistration): Promise<TerminalIdentity>;
  /**
   * Provisions an unknown device of another protocol, known by its IMEI (only called when
   * auto-registration is on), into the configured tenant and group.
   */
  registerDevice(imei: string, protocol: Exclude<ProtocolName, 'jt808'>): Promise<TerminalIdentity>;
}

/** JSON-able extra fields of a position (only those the terminal sent are present). */
export interface PositionExtras {
  /** Fuel, litres (item 0x02). */
  fuel?: number;
  /** Speed from the driving recorder, km/h (item 0x03). */
  recorderSpeed?: number;
  /** Wireless signal strength (item 0x30). */
  signal?: number;
  /** GNSS satellites in use (item 0x31). */
  satellites?: number;
  /** IO status word (item 0x2A). */
  io?: number;
  /** Extended vehicle signal status (item 0x25). */
  extStatus?: number;
  /** Additional items the gateway does not interpret, as sent: `{ id, hex }`. */
  raw?: { id: number; hex: string }[];
  /**
   * How the position was found: absent or 'gps' for a satellite fix; 'lbs' / 'wifi' for an approximate
   * one (see accuracy); 'last' when the device had no fix and the position is its last known one.
   */
  fix?: 'gps' | ApproximateFix;
  /** Radius in metres within which an approximate position lies. */
  accuracy?: number;
  /** Battery, percent. */
  battery?: number;
  /** Battery or external voltage, volts. */
  batteryVoltage?: number;
  externalVoltage?: number;
  charging?: boolean;
  /** 设防: the device is armed. */
  armed?: boolean;
  /** Steps counted today. */
  steps?: number;
  heartRate?: number;
  systolic?: number;
  diastolic?: number;
  /** Blood oxygen saturation (SpO₂), percent. */
  spo2?: number;
  /** Body temperature, °C. */
  temperature?: number;
  /** Alarms the device reported that have no JT/T 808 alarm bit (vibration, fall, take-off …). */
  deviceAlarms?: DeviceAlarm[];
}

/**
 * One position ready for the store (the position model's shape in the gateway): coordinates are
 * WGS84 as the terminal reported them; the odometer is absent when not sent, and everything the
 * report carries beyond the fix is in `extras`, stored as it came.
 */
export interface PositionRow extends Omit<Position, 'mileage' | keyof PositionState> {
  mileage?: number;
  extras: PositionExtras;
}

/** Where positions are written. */
export interface PositionSink {
  /**
   * Writes the rows in one transaction. Resolves only after the commit; rejects when nothing was
   * committed. The gateway acknowledges positions to terminals only after this resolves.
   */
  writeBatch(rows: PositionRow[]): Promise<void>;
}

/** A terminal came online (authenticated) on a connection. */
export interface TerminalOnlineEvent extends PositionSource {
  /** JT/T 808 edition, or the protocol name for other protocols. */
  edition: '2013' | '2019' | 'gt06' | 'watch';
  remoteAddress: string;
}

/** A terminal's connection ended; not sent when a newer connection of the terminal replaced it. */
export interface TerminalOfflineEvent extends PositionSource {
  reason: 'closed' | 'idle' | 'logout' | 'stream-fault' | 'shutdown';
}

/**
 * A login from another source address met a live connection of the terminal: refused while the
 * live one was heard from recently (suspected impersonation), otherwise it replaced it.
 */
export interface TerminalTakeoverEvent extends PositionSource {
  protocol: ProtocolName;
  /** Address and port of the login. */
  address: string;
  /** Address and port of the connection that held the terminal. */
  liveAddress: string;
  /** How long the live connection had been silent. */
  silentSeconds: number;
  refused: boolean;
}

/** A terminal answered a platform command: 0x0001 general response or 0x0201 location query answer. */
export type CommandResponseEvent =
  | { terminalNo: string; tenantId: number; msgId: 0x0001; replySerial: number; replyMsgId: number; result: number }
  | { terminalNo: string; tenantId: number; msgId: 0x0201; replySerial: number; position: PositionRow | undefined }
  | { terminalNo: string; tenantId: number; msgId: 'device'; protocol: Exclude<ProtocolName, 'jt808'>; matchKey: string; text: string };

/**
 * What the gateway reports. The bus attaches with `gateway.subscribe(listener)`; every method is
 * optional and a throwing listener is logged, never allowed to break the connection handling.
 */
export interface GatewayEvents {
  terminalOnline(event: TerminalOnlineEvent): void;
  terminalOffline(event: TerminalOfflineEvent): void;
  /** Rows the sink committed, once per batch, after the commit. */
  positionsCommitted(rows: readonly PositionRow[]): void;
  commandResponse(event: CommandResponseEvent): void;
  terminalTakeover(event: TerminalTakeoverEvent): void;
}

/** Pino-compatible logger (Fastify's `app.log.child(...)` fits). */
export interface GatewayLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A logger that drops everything; the default when none is given. */
export const silentGatewayLog: GatewayLog = { info() {}, warn() {}, error() {} };
