import { randomBytes } from 'node:crypto';
import type { ProtocolName } from '../gateway/device-protocol';
import type { PositionRow, PositionSink, TerminalDirectory, TerminalIdentity, TerminalRegistration } from '../gateway/gateway-ports';
import type { FleetQueries } from './fleet-queries';
import type { PositionQueries } from './position-queries';

/** The group auto-registered terminals land in. */
export const AUTO_REGISTER_GROUP = '自动注册';

/** Pads a normalised number to the 12 digits of the 2013 header, the form operators know. */
export function displayTerminalNo(terminalNo: string): string {
  return terminalNo.padStart(12, '0');
}

function newAuthCode(): string {
  return randomBytes(8).toString('hex').toUpperCase();
}

/**
 * The gateway's terminal directory on the store. `autoRegisterTenantId` is the tenant that
 * JT808_AUTO_REGISTER=1 provisions unknown terminals into (with a vehicle named by the plate they send).
 */
export class StoreTerminalDirectory implements TerminalDirectory {
  constructor(private readonly fleet: FleetQueries, private readonly autoRegisterTenantId?: () => Promise<number | undefined>) {}

  async lookup(terminalNo: string): Promise<TerminalIdentity | undefined> {
    const found = await this.fleet.terminalAuth(terminalNo);
    return found && {
      terminalId: found.terminalId, tenantId: found.tenantId, authCode: found.authCode, protocol: found.protocol as ProtocolName,
    };
  }

  async register(terminalNo: string, registration: TerminalRegistration): Promise<TerminalIdentity> {
    const { tenantId, groupId } = await this.autoRegisterTarget();
    const plate = registration.plate.trim();
    await this.fleet.provision({
      tenantId, groupId, terminalNo, displayNo: displayTerminalNo(terminalNo), authCode: newAuthCode(),
      model: registration.model, edition: registration.edition, imei: '',
      plateNo: plate && registration.plateColor !== 0 ? plate : displayTerminalNo(terminalNo),
      plateColor: registration.plateColor, vin: registration.plateColor === 0 ? plate : '',
    });
    return this.registered(terminalNo);
  }

  async registerDevice(imei: string, protocol: Exclude<ProtocolName, 'jt808'>): Promise<TerminalIdentity> {
    const { tenantId, groupId } = await this.autoRegisterTarget();
    await this.fleet.provision({
      tenantId, groupId, terminalNo: imei, displayNo: imei, authCode: '', imei, protocol, edition: protocol,
      plateNo: imei, assetKind: protocol === 'watch' ? 'person' : 'ebike',
    });
    return this.registered(imei);
  }

  private async autoRegisterTarget(): Promise<{ tenantId: number; groupId: number }> {
    const tenantId = await this.autoRegisterTenantId?.();
    if (tenantId === undefined) throw new Error('no tenant configured for auto-registration');
    return { tenantId, groupId: await this.fleet.ensureGroup(tenantId, null, AUTO_REGISTER_GROUP, 999) };
  }

  private async registered(terminalNo: string): Promise<TerminalIdentity> {
    const identity = await this.lookup(terminalNo);
    if (!identity) throw new Error(`terminal ${terminalNo} vanished after registration`);
    return identity;
  }
}

/** The gateway's position sink on the store: one transaction per batch, resolved after commit. */
export class StorePositionSink implements PositionSink {
  constructor(private readonly positions: PositionQueries) {}

  writeBatch(rows: PositionRow[]): Promise<void> {
    return this.positions.writeBatch(rows);
  }
}

export { newAuthCode };
