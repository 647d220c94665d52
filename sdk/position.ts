/**
 * The position model: one terminal's report as the gateway decodes it, the store keeps it, the bus
 * carries it and the monitor shows it. Every shape of a position is derived from these types: the
 * gateway's PositionRow (and a gateway worker's PackedRow), the store's StoredPosition and AssetRow,
 * the bus's BusPosition and the console's MonitorItem. Ids keep one type end to end: a terminal and
 * a tenant are the store's numeric ids, `terminalNo` is the normalised terminal number (a string).
 * `T` is how a time travels: a Date inside the server, an ISO 8601 string once serialised.
 */

/** How an approximate position was found: from cells (`lbs`), WiFi access points (`wifi`), or the device's last known one (`last`). */
export const APPROXIMATE_FIXES = ['lbs', 'wifi', 'last'] as const;

/** How an approximate position was found (one of {@link APPROXIMATE_FIXES}). */
export type ApproximateFix = (typeof APPROXIMATE_FIXES)[number];

/** A stored fix kind (a position's `extras.fix`) as the model has it: the approximate fix, or null for a satellite fix (absent or `gps`). */
export function approximateFix(stored: string | null | undefined): ApproximateFix | null {
  return APPROXIMATE_FIXES.find((fix) => fix === stored) ?? null;
}

/** Which terminal reported, in whose tenant. */
export interface PositionSource {
  /** Normalised terminal number (phone without zero padding). */
  terminalNo: string;
  /** The store's terminal id. */
  terminalId: number;
  /** The owning tenant's id. */
  tenantId: number;
}

/** What one report measured. */
export interface PositionFix<T = Date> {
  /** Time of the fix, as reported by the terminal. */
  deviceTime: T;
  /** When the gateway received the report. */
  receivedTime: T;
  /** WGS84 degrees, east positive. */
  lon: number;
  /** WGS84 degrees, north positive. */
  lat: number;
  /** Metres. */
  altitude: number;
  /** km/h. */
  speed: number;
  /** Degrees clockwise from north, 0–359. */
  course: number;
  /** JT/T 808 alarm bits of the report. */
  alarmFlags: number;
  /** JT/T 808 status bits (bit 0 ACC, bit 1 located, bit 11 power cut). */
  statusFlags: number;
  /** Odometer, km; null when the terminal sent none. */
  mileage: number | null;
  /** A blind-area upload (late data). */
  backfill: boolean;
}

/**
 * What a report measured beyond the fix, by reading key, for 实时监控's contributed columns and a
 * plugin's own charts: the decoded values that have a name (`fuel` L, `signal`, `satellites`,
 * `externalVoltage` V, `battery` %, `temperature` ℃ …) and each JT/T 808 additional item the gateway
 * does not interpret as `item.<id>` (lower-case hex, two digits) → its payload in upper-case hex
 * (`item.e1` → `01F4`). The keys are listed in docs/plugin-guide/extension-points.md.
 */
export type PositionReadings = Readonly<Record<string, number | string | boolean>>;

/** What a report tells beyond the fix; each is absent when the device did not report it. */
export interface PositionState {
  /** Set when the position is approximate: never draw it as a GPS fix. */
  fix?: ApproximateFix;
  /** Metres within which an approximate position lies. */
  accuracy?: number;
  /** Battery, percent. */
  battery?: number;
  /** E-bikes: the battery's voltage the guard measured, volts. */
  externalVoltage?: number;
  /** Charging now. */
  charging?: boolean;
  /** E-bikes: 设防 (armed). */
  armed?: boolean;
  /** The report's readings (absent when it had none). */
  readings?: PositionReadings;
}

/** One committed position of a terminal. */
export interface Position<T = Date> extends PositionSource, PositionFix<T>, PositionState {}

/** The fields of a position an asset's latest position shows. */
type LatestFields = 'lon' | 'lat' | 'speed' | 'course' | 'altitude' | 'receivedTime';

/**
 * An asset's latest position as the monitor shows it (the store's AssetRow, the console's
 * MonitorItem): `gpsTime` is the fix's device time; the fields are null when the asset never
 * reported or its service ran out.
 */
export type LatestPosition<T = Date> = { [K in LatestFields]: PositionFix<T>[K] | null } & { gpsTime: T | null } & Pick<PositionFix<T>, 'alarmFlags' | 'statusFlags' | 'mileage'>;

/** The asset a terminal is bound to, as the monitor shows it beside its latest position. */
export interface MonitorAsset {
  /** Terminal number as provisioned (e.g. 013800000001). */
  terminalNo: string;
  /** null for a terminal not bound to a vehicle. */
  plateNo: string | null;
  vehicleId: number | null;
  groupId: number | null;
  groupName: string | null;
  /** What carries the terminal: vehicle, person, pet or ebike (null: a terminal without an asset). */
  assetKind: string | null;
  /** The terminal's protocol: jt808, gt06 or watch. */
  protocol: string;
}
