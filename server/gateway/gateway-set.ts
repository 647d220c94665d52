import type { DeviceGateway } from './device-gateway';
import type { DeviceCommand } from './device-protocol';
import type { GatewayEvents } from './gateway-ports';
import { TerminalOfflineError, type Jt808Gateway } from './jt808/jt808-gateway';

/**
 * The gateways of one instance seen as one: JT/T 808 for vehicle terminals and one gateway per
 * device protocol. Commands go to whichever holds the terminal's connection; events of all of
 * them arrive through the shared core, so one subscription hears every protocol.
 */
export class GatewaySet {
  constructor(readonly jt808: Jt808Gateway, readonly devices: readonly DeviceGateway[]) {}

  subscribe(listener: Partial<GatewayEvents>): () => void {
    return this.jt808.subscribe(listener);
  }

  isOnline(terminalNo: string): boolean {
    return this.jt808.isOnline(terminalNo) || this.deviceOnline(terminalNo);
  }

  editionOf(terminalNo: string): '2013' | '2019' | undefined {
    return this.jt808.editionOf(terminalNo);
  }

  sendCommand(terminalNo: string, msgId: number, body: Uint8Array): Promise<{ serial: number }> {
    return this.jt808.sendCommand(terminalNo, msgId, body);
  }

  deviceOnline(terminalNo: string): boolean {
    return this.devices.some((g) => g.isOnline(terminalNo));
  }

  sendDeviceCommand(terminalNo: string, command: DeviceCommand): Promise<{ matchKey: string }> {
    const gateway = this.devices.find((g) => g.isOnline(terminalNo));
    if (!gateway) return Promise.reject(new TerminalOfflineError(terminalNo));
    return gateway.sendCommand(terminalNo, command);
  }

  /** Online terminals of every protocol. */
  onlineTerminals(): string[] {
    return [...this.jt808.onlineTerminals(), ...this.devices.flatMap((g) => g.onlineTerminals())];
  }

  /** Stops every gateway together: all stop reading, the shared batcher drains once, then connections close. */
  async close(): Promise<void> {
    await Promise.all([this.jt808.close(), ...this.devices.map((g) => g.close())]);
  }
}
