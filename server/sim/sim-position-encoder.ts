import { type Jt808LocationItem, encodeLocation } from '../gateway/jt808/index';
import { SimStatusBit, type SimPosition } from './route-model';

/** What the platform switched on the vehicle (status bits 10 油路断开, 11 电路断开, 12 车门加锁). */
export interface SimVehicleState {
  doorLocked?: boolean;
  oilPowerCut?: boolean;
}

/** The 0x0200 body of a simulated position: basic block plus items 0x01, 0x02, 0x30, 0x31, then `items` as given. */
export function encodeSimPosition(p: SimPosition, state: SimVehicleState = {}, items: readonly Jt808LocationItem[] = []): Uint8Array {
  let statusFlags = p.statusFlags;
  if (state.doorLocked) statusFlags |= SimStatusBit.DoorLocked;
  if (state.oilPowerCut) statusFlags |= SimStatusBit.OilCut | SimStatusBit.CircuitCut;
  return encodeLocation({
    alarmFlags: p.alarmFlags,
    statusFlags,
    latitude: p.lat,
    longitude: p.lon,
    altitude: p.altitude,
    speedKmh: p.speedKmh,
    direction: p.direction,
    gpsTime: p.timeMs,
    extras: { mileageKm: p.mileageKm, fuelLitres: p.fuelLitres, signalStrength: p.signalStrength, satellites: p.satellites },
    items,
  });
}
