import { encodeLocation } from '../gateway/jt808/index';
import { SimStatusBit, type SimPosition } from './route-model';

/** The 0x0200 body of a simulated position: basic block plus items 0x01, 0x02, 0x30, 0x31. */
export function encodeSimPosition(p: SimPosition, doorLocked = false): Uint8Array {
  return encodeLocation({
    alarmFlags: p.alarmFlags,
    statusFlags: doorLocked ? p.statusFlags | SimStatusBit.DoorLocked : p.statusFlags,
    latitude: p.lat,
    longitude: p.lon,
    altitude: p.altitude,
    speedKmh: p.speedKmh,
    direction: p.direction,
    gpsTime: p.timeMs,
    extras: { mileageKm: p.mileageKm, fuelLitres: p.fuelLitres, signalStrength: p.signalStrength, satellites: p.satellites },
  });
}
