// The contract every terminal protocol besides JT/T 808 implements (GT06, watch protocol …).
// A protocol module is pure: it cuts bytes into frames, decodes a frame into the common device
// message, builds the replies the protocol expects and encodes platform commands. Connections,
// batching, ack-after-commit, back-pressure, idle time-outs and metrics belong to the gateway.

/** Protocols the gateway speaks. */
export type ProtocolName = 'jt808' | 'gt06' | 'watch';

/** Cuts a byte stream into whole frames. One instance per connection. */
export interface FrameSplitter {
  /**
   * Adds received bytes; returns the complete frames (each a copy or a view the caller may keep)
   * and, when the stream can no longer be framed (garbage past a limit, a declared length beyond
   * the protocol's maximum), a fault: the connection is then closed.
   * Bytes between frames that cannot start one are skipped and counted in `skipped`.
   */
  push(chunk: Uint8Array): { frames: Uint8Array[]; skipped: number; fault?: string };
}

/** Alarm types of the platform's catalogue that devices of these protocols report. */
export type DeviceAlarm =
  | 'sos' | 'powerCut' | 'lowVoltage' | 'lowBattery' | 'vibration' | 'displacement' | 'overspeed'
  | 'fenceEnter' | 'fenceExit' | 'fall' | 'takeOff' | 'tamper' | 'collision';

/** A mobile network cell as reported (for LBS look-up). */
export interface CellTower {
  mcc: number;
  mnc: number;
  lac: number;
  cid: number;
  /** dBm or the device's level, as sent. */
  rssi?: number;
}

/** A WiFi access point as reported (for WiFi look-up). */
export interface WifiAccessPoint {
  /** Lower case, colon separated: `aa:bb:cc:dd:ee:ff`. */
  mac: string;
  rssi?: number;
  ssid?: string;
}

/**
 * One location in a device message. A GPS fix has `lon`/`lat`; an LBS or WiFi report may have
 * none (the gateway looks them up in the offline cell/WiFi table and stores an approximate
 * position with an accuracy radius, never a GPS-exact one).
 */
export interface DeviceFix {
  /** Time of the fix as the device stated it (UTC). */
  time: Date;
  source: 'gps' | 'lbs' | 'wifi';
  /** GPS: the device says the fix is valid (GT06 course/status bit, watch 'A'). */
  valid: boolean;
  /** WGS84 degrees; absent when the device sent only cells / access points. */
  lon?: number;
  lat?: number;
  /** km/h. */
  speed: number;
  /** Degrees from north, 0–359. */
  course: number;
  altitude?: number;
  satellites?: number;
  /** Metres, for approximate fixes. */
  accuracy?: number;
  cells?: CellTower[];
  wifi?: WifiAccessPoint[];
}

/** Device state carried by heartbeats, status words and location frames. */
export interface DeviceStatus {
  /** Battery, percent 0–100. */
  battery?: number;
  /** Battery voltage, volts. */
  batteryVoltage?: number;
  /** External (vehicle) voltage, volts. */
  externalVoltage?: number;
  /** GSM signal, 0–100 percent or the device's level scaled to percent. */
  signal?: number;
  charging?: boolean;
  acc?: boolean;
  /** Armed / 设防. */
  armed?: boolean;
  /** Oil/power circuit cut (GT06 status bit 7). */
  powerCutOff?: boolean;
  /** Steps counted today (watch). */
  steps?: number;
}

/** Body readings of health watches and badges. */
export interface HealthReadings {
  heartRate?: number;
  /** mmHg. */
  systolic?: number;
  diastolic?: number;
  /** Blood oxygen saturation (SpO₂), percent. */
  spo2?: number;
  /** °C. */
  temperature?: number;
}

/** A reply the protocol expects for a frame. */
export interface ProtocolReply {
  frame: Uint8Array;
  /**
   * True when the reply acknowledges stored data (a location or an alarm): the gateway sends it
   * only after the frame's positions committed. False for replies sent at once (login, heartbeat,
   * time request).
   */
  afterCommit: boolean;
}

/** A device's answer to a platform command. */
export interface CommandAnswer {
  /** What ties it to the command sent: GT06 the server flag, watch the command word. */
  matchKey: string;
  /** The answer text or content as sent. */
  text: string;
}

/** One decoded frame in the common model. */
export interface DeviceMessage {
  kind: 'login' | 'heartbeat' | 'location' | 'alarm' | 'info' | 'time' | 'commandAnswer' | 'other';
  /** The protocol's own message name for logs ('0x12', 'UD', 'LK' …). */
  type: string;
  /** Device IMEI when the frame carries it (GT06 login, every watch frame); normalised to digits. */
  imei?: string;
  /** Watch protocol: the vendor prefix (3G, SG, CS …) that replies and commands must repeat. */
  vendor?: string;
  /** The fixes are blind-area uploads (补传, e.g. watch UD2): stored, but they must not move the live marker. */
  backfill?: boolean;
  fixes: DeviceFix[];
  alarms: DeviceAlarm[];
  status?: DeviceStatus;
  readings?: HealthReadings;
  answer?: CommandAnswer;
  /** Replies in the order they are to be sent. */
  replies: ProtocolReply[];
}

/** Decoding result: a message, or the reason the frame was refused (it is counted and dropped). */
export type DecodeResult =
  | { ok: true; message: DeviceMessage }
  | { ok: false; reason: 'bad-checksum' | 'bad-length' | 'bad-frame' | 'unsupported' | 'invalid-value'; detail?: string };

/** What a decoder knows of the connection it decodes for (devices that name themselves once). */
export interface DecodeContext {
  /** IMEI from the connection's login, when it already logged in. */
  imei?: string;
  /** The device's local time offset in minutes east of UTC when it sends local time (watch: 0 unless configured). */
  timeOffsetMinutes?: number;
}

/** Platform commands with one meaning across protocols. */
export type DeviceCommand =
  | { type: 'locate' }
  | { type: 'interval'; seconds: number }
  | { type: 'powerCut' }
  | { type: 'powerRestore' }
  | { type: 'reset' }
  | { type: 'powerOff' }
  | { type: 'findDevice' }
  /** A collar's light (LED) on or off. */
  | { type: 'light'; on: boolean }
  | { type: 'sosNumbers'; numbers: string[] }
  | { type: 'monitor'; phone: string }
  | { type: 'arm' }
  | { type: 'disarm' }
  /** An e-bike guard's 震动灵敏度: 1 低, 2 中, 3 高 (the jolt it reports as a vibration). */
  | { type: 'vibrationSensitivity'; level: 1 | 2 | 3 }
  | { type: 'text'; text: string };

/** An encoded command and the key its answer will carry. */
export interface EncodedCommand {
  frame: Uint8Array;
  /** Same value as the answer's `CommandAnswer.matchKey`. */
  matchKey: string;
}

/** A terminal protocol: pure functions, no I/O. */
export interface DeviceProtocol {
  name: ProtocolName;
  /** Longest frame accepted, bytes. */
  maxFrameBytes: number;
  createSplitter(): FrameSplitter;
  decode(frame: Uint8Array, context: DecodeContext): DecodeResult;
  /**
   * Encodes a command for a device; `serial` is the connection's next command number (GT06 puts it
   * in the server flag). Undefined when the protocol has no such command.
   */
  encodeCommand(command: DeviceCommand, target: { imei: string; serial: number; vendor?: string }): EncodedCommand | undefined;
}
