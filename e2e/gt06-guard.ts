/**
 * A GT06 e-bike guard for the e2e scenarios, played frame by frame with the simulator's device-side
 * codec over TCP to the server's GT06 port: it logs in, then reports where it stands and, when told,
 * an alarm frame (0x26) with the alarm byte of the GT06 document.
 */
import { connect, type Socket } from 'node:net';
import type { DeviceAlarm } from '../server/gateway/device-protocol';
import type { DeviceReport } from '../server/sim/devices/device-motion';
import { gt06SimCodec } from '../server/sim/devices/gt06-sim-codec';
import type { Place } from './watch-badge';

export class Gt06Guard {
  private serial = 0;
  /** Device time of the last report: a second apart at least (positions are one per terminal and second). */
  private timeMs = 0;

  private constructor(
    readonly imei: string,
    private readonly socket: Socket,
  ) {
    socket.on('error', () => {});
  }

  /** Connects to the server's GT06 port and logs in (0x01). */
  static connect(port: number, imei: string): Promise<Gt06Guard> {
    return new Promise((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () => {
        const guard = new Gt06Guard(imei, s);
        for (const f of gt06SimCodec.hello(imei, guard.state({ lon: 0, lat: 0 }, [], 80, Date.now()), guard.next())) s.write(f);
        resolve(guard);
      });
      s.once('error', reject);
    });
  }

  private readonly next = () => {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  };

  private state(place: Place, alarms: DeviceAlarm[], battery: number, at: number): DeviceReport {
    this.timeMs = Math.max(this.timeMs + 1000, at);
    return {
      timeMs: this.timeMs, fix: { kind: 'gps', lon: place.lon, lat: place.lat, speed: 0, course: 0, satellites: 9 }, battery, charging: false, acc: false,
      armed: false, powerCutOff: false, steps: 0, alarms, batteryVolts: Math.round((42 + (battery / 100) * 10.8) * 100) / 100,
    };
  }

  /** The status, then a location at `place` (or an alarm frame there while `alarms` holds one), at `at`. */
  report(place: Place, at: Date, alarms: DeviceAlarm[] = [], battery = 80): void {
    const r = this.state(place, alarms, battery, at.getTime());
    this.socket.write(gt06SimCodec.heartbeat(this.imei, r, this.next()));
    for (const f of gt06SimCodec.report(this.imei, r, this.next)) this.socket.write(f);
  }

  close(): void {
    this.socket.destroy();
  }
}
