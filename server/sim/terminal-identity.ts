import { normalizePhone } from '../gateway/jt808/index';
import { SeededRandom, mixSeed } from './seeded-random';
import type { SimCity } from './sim-cities';

/** What a terminal says about itself in 0x0100 (and 0x0102 on 2019). */
export interface TerminalIdentity {
  /** Phone digits without zero padding, e.g. '13800000001'. */
  phone: string;
  province: number;
  city: number;
  maker: string;
  model: string;
  /** 终端ID (the maker's id of the device). */
  deviceId: string;
  /** 1 blue, 2 yellow (trucks and coaches). */
  plateColor: number;
  /** e.g. 京A12345 (GBK on the wire). */
  plate: string;
  imei: string;
  softwareVersion: string;
}

// plates never use I or O (they read as 1 and 0)
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '0123456789';

/**
 * The identity of the terminal with `phone` registered in `city`. Derived from the phone
 * alone (plus the city), so a terminal keeps its plate across restarts and runs.
 */
export function terminalIdentity(phone: string, city: SimCity): TerminalIdentity {
  const digits = normalizePhone(phone);
  const rng = new SeededRandom(mixSeed(Number(digits.slice(-9)) >>> 0, 0x0100));
  const prefix = rng.pick(city.platePrefixes);
  // most plates are five digits; some carry one or two letters, as issued since 2007
  let tail = '';
  const letters = rng.chance(0.35) ? rng.int(1, 2) : 0;
  for (let i = 0; i < 5; i++) tail += i < letters ? rng.pick([...LETTERS]) : rng.pick([...DIGITS]);
  if (letters > 0 && rng.chance(0.5)) tail = tail.slice(letters) + tail.slice(0, letters);
  return {
    phone: digits,
    province: city.province,
    city: city.cityCode,
    maker: 'TLSIM',
    model: 'TL-808G',
    deviceId: digits.slice(-7).padStart(7, '0'),
    plateColor: rng.chance(0.2) ? 2 : 1,
    plate: prefix + tail,
    imei: ('86' + digits).slice(-15).padStart(15, '0'),
    softwareVersion: 'TL-SIM-1.0',
  };
}
