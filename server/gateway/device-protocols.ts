import type { DeviceProtocol, ProtocolName } from './device-protocol';
import { gt06Protocol } from './gt06/index';
import { watchProtocol } from './watch/index';

/** Protocols other than JT/T 808, each served by a DeviceGateway on its own port. */
export type DeviceProtocolName = Exclude<ProtocolName, 'jt808'>;

/** Every device protocol the platform speaks. */
export const DEVICE_PROTOCOLS: readonly (DeviceProtocol & { name: DeviceProtocolName })[] = [gt06Protocol, watchProtocol];
