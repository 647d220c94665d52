/**
 * A morning of driving reported by a real JT/T 808 terminal: 0x0704 batches (blind-area uploads,
 * as a terminal sends what it stored while out of coverage), each acknowledged after the commit.
 */
import { encodeBatchLocation, Jt808MsgId } from '../server/gateway/jt808';
import { Jt808TestTerminal, locationBody } from '../server/gateway/testing/jt808-test-terminal';

const EVERY_S = 5;
/** Positions per 0x0704 frame (a frame body holds at most 1023 bytes). */
const PER_FRAME = 20;
const ACC_ON_LOCATED = 0b11;
const LOCATED = 0b10;

export interface TrackDay {
  /** First and last report, epoch ms. */
  start: number;
  end: number;
  positions: number;
  /** The stop: 20 minutes parked with ACC off. */
  stopStart: number;
  stopEnd: number;
}

/**
 * From `start`: 40 min east through Beijing at 36 km/h, 20 min parked, 40 min north, 40 min east
 * with two minutes of 超速报警 (130 km/h) — a report every 5 s, with the odometer and the fuel level
 * (70 L, falling 0.02 L a report at 36 km/h and 0.04 L at 72 km/h).
 */
export function trackDayBodies(start: number): { bodies: Uint8Array[]; day: TrackDay } {
  const bodies: Uint8Array[] = [];
  let lon = 116.30;
  let lat = 39.90;
  let km = 12000;
  let fuel = 70;
  const stepDeg = 0.000585; // 50 m per 5 s at 36 km/h
  let i = 0;
  const add = (speed: number, direction: number, status: number, alarm = 0) =>
    bodies.push(
      locationBody({
        latitude: lat, longitude: lon, speedKmh: speed, direction, altitude: 50, statusFlags: status, alarmFlags: alarm,
        gpsTime: new Date(start + i++ * EVERY_S * 1000), extras: { mileageKm: Math.round(km * 10) / 10, fuelLitres: Math.round(fuel * 10) / 10 },
      }),
    );
  for (let k = 0; k < 480; k++, lon += stepDeg, km += 0.05, fuel -= 0.02) add(36, 90, ACC_ON_LOCATED);
  const stopStart = start + i * EVERY_S * 1000;
  for (let k = 0; k < 240; k++) add(0, 90, LOCATED);
  const stopEnd = start + i * EVERY_S * 1000;
  for (let k = 0; k < 480; k++, lat += stepDeg * 0.77, km += 0.05, fuel -= 0.02) add(36, 0, ACC_ON_LOCATED);
  for (let k = 0; k < 480; k++, lon += stepDeg * 2, km += 0.1, fuel -= 0.04) add(k >= 200 && k < 224 ? 130 : 72, 90, ACC_ON_LOCATED, k >= 200 && k < 224 ? 2 : 0);
  return { bodies, day: { start, end: start + (i - 1) * EVERY_S * 1000, positions: i, stopStart, stopEnd } };
}

/** Registers `phone` (the server must auto-register) and uploads the morning; resolves when all is acknowledged. */
export async function sendTrackDay(jt808Port: number, phone: string, start: number): Promise<TrackDay> {
  const { bodies, day } = trackDayBodies(start);
  const terminal = await Jt808TestTerminal.connect(jt808Port, phone);
  try {
    await terminal.login();
    for (let k = 0; k < bodies.length; k += PER_FRAME) {
      const serial = terminal.send(Jt808MsgId.BatchLocation, encodeBatchLocation(1, bodies.slice(k, k + PER_FRAME)));
      const ack = await terminal.ackFor(serial, 10_000);
      if (ack.result !== 0) throw new Error(`0x0704 refused with result ${ack.result}`);
    }
  } finally {
    terminal.close();
  }
  return day;
}
