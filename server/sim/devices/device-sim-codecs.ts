import type { DeviceProtocolName } from '../../gateway/device-protocols';
import { gt06SimCodec } from './gt06-sim-codec';
import type { DeviceSimCodec } from './simulated-device';
import { watchSimCodec } from './watch-sim-codec';

/** How simulated devices speak each protocol. */
export const DEVICE_SIM_CODECS: Record<DeviceProtocolName, DeviceSimCodec> = { gt06: gt06SimCodec, watch: watchSimCodec };
