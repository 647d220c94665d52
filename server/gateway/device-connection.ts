import type { Socket } from 'node:net';
import type { DeviceMessage, DeviceProtocol, DeviceStatus, FrameSplitter, HealthReadings } from './device-protocol';
import type { PositionRow, TerminalIdentity } from './gateway-ports';
import { TerminalLink, type TerminalLinkDeps } from './terminal-link';

/** A decoded frame with its arrival. */
export interface DeviceInbound {
  message: DeviceMessage;
  /** performance.now() when the bytes completing it arrived (reply latency starts here). */
  receivedAt: number;
  receivedTime: Date;
}

/** The device a connection speaks for, once the directory knew its IMEI. */
export interface DeviceSession {
  /** The IMEI, as the store knows the terminal. */
  terminalNo: string;
  identity: TerminalIdentity;
  /** Watch protocol: the prefix the device uses, repeated in commands. */
  vendor?: string;
}

export type DeviceConnectionDeps = TerminalLinkDeps<DeviceConnection, DeviceInbound>;

/**
 * One connection of a device speaking `protocol` (GT06, watch …): cuts the stream with the
 * protocol's splitter, decodes each frame (a frame that fails is counted and dropped, the link
 * stays), and keeps what the device said last that later frames lack: its status (battery,
 * charging, armed …), its body readings and its last stored position.
 */
export class DeviceConnection extends TerminalLink<DeviceConnection, DeviceInbound> {
  session: DeviceSession | undefined;
  /** Merged status of every frame so far; later values win. */
  status: DeviceStatus = {};
  /** Readings not yet stored with a position. */
  readings: HealthReadings | undefined;
  /** The newest position stored for this device on this link. */
  lastRow: PositionRow | undefined;
  private readonly splitter: FrameSplitter;
  private serial = 0;

  constructor(socket: Socket, deps: DeviceConnectionDeps, readonly protocol: DeviceProtocol) {
    super(socket, deps, protocol.name);
    this.splitter = protocol.createSplitter();
  }

  /** Next command number of this link (wraps at 0xFFFF). */
  nextSerial(): number {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  }

  protected describe(): object {
    return { terminalNo: this.session?.terminalNo };
  }

  protected onBytes(chunk: Buffer, receivedAt: number, receivedTime: Date): void {
    const { frames, skipped, fault } = this.splitter.push(chunk);
    this.deps.counters.bytesSkipped += skipped;
    for (const frame of frames) {
      this.deps.counters.framesReceived++;
      const decoded = this.protocol.decode(frame, { imei: this.session?.terminalNo });
      if (!decoded.ok) {
        // one corrupt frame must not cost the device its link: drop it, keep reading
        this.deps.counters.badFrames++;
        this.frameDropped(decoded.reason, decoded.detail);
        continue;
      }
      this.enqueue({ message: decoded.message, receivedAt, receivedTime });
    }
    if (fault) this.streamFault(fault);
  }
}
