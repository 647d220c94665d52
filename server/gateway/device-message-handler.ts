import type { CellLocator } from './cell-locator';
import type { DeviceConnection, DeviceInbound, DeviceSession } from './device-connection';
import type { DeviceFix, DeviceMessage, ProtocolName, ProtocolReply } from './device-protocol';
import { deviceRow } from './device-position-mapper';
import type { PositionRow, TerminalIdentity } from './gateway-ports';
import type { GatewayHandlerContext } from './jt808/jt808-handler-context';

/** What the device message handler uses of its gateway. */
export interface DeviceHandlerContext extends GatewayHandlerContext {
  protocol: Exclude<ProtocolName, 'jt808'>;
  locator: CellLocator | undefined;
  /** Makes the connection the device's live link (closing an older one) and reports it online; false when the login was refused. */
  goOnline(connection: DeviceConnection, session: DeviceSession): Promise<boolean>;
}

/**
 * Handles one decoded frame. A frame naming an IMEI the connection does not speak for yet asks
 * the directory first (unknown devices are refused and disconnected unless auto-registration is
 * on); frames before any identification are dropped. Replies that acknowledge data go out only
 * after the frame's positions committed; the others at once.
 */
export function handleDeviceMessage(ctx: DeviceHandlerContext, conn: DeviceConnection, inbound: DeviceInbound): Promise<void> | void {
  const { message } = inbound;
  if (message.imei && conn.session?.terminalNo !== message.imei) return identify(ctx, conn, inbound, message.imei);
  const session = conn.session;
  if (!session) {
    ctx.counters.positionsRejected += message.fixes.length;
    ctx.log.info({ protocol: ctx.protocol, type: message.type, remote: conn.remoteAddress }, 'device frame before login dropped');
    return;
  }
  handleIdentified(ctx, conn, inbound, session);
}

async function identify(ctx: DeviceHandlerContext, conn: DeviceConnection, inbound: DeviceInbound, imei: string): Promise<void> {
  let identity: TerminalIdentity | undefined;
  try {
    identity = await ctx.directory.lookup(imei);
    // a number provisioned for another protocol is not this device
    if (identity && (identity.protocol ?? 'jt808') !== ctx.protocol) identity = undefined;
    if (!identity && ctx.autoRegister) {
      identity = await ctx.directory.registerDevice(imei, ctx.protocol);
      ctx.log.info({ protocol: ctx.protocol, terminalNo: imei, terminalId: identity.terminalId }, 'device auto-registered');
    }
  } catch (err) {
    // no answer: the device tries again instead of believing it was refused
    ctx.log.error({ err, protocol: ctx.protocol, terminalNo: imei }, 'directory failed while identifying a device');
    return;
  }
  if (!identity) {
    ctx.counters.devicesRefused++;
    ctx.counters.positionsRejected += inbound.message.fixes.length;
    ctx.log.info({ protocol: ctx.protocol, terminalNo: imei, remote: conn.remoteAddress }, 'unknown device refused');
    conn.close('closed');
    return;
  }
  if (!(await ctx.goOnline(conn, { terminalNo: imei, identity, ...(inbound.message.vendor && { vendor: inbound.message.vendor }) }))) {
    ctx.counters.positionsRejected += inbound.message.fixes.length;
    conn.close('refused');
    return;
  }
  handleIdentified(ctx, conn, inbound, conn.session!);
}

function handleIdentified(ctx: DeviceHandlerContext, conn: DeviceConnection, inbound: DeviceInbound, session: DeviceSession): void {
  const { message } = inbound;
  if (message.vendor) session.vendor = message.vendor;
  if (message.status) conn.status = { ...conn.status, ...message.status };
  if (message.readings) conn.readings = { ...conn.readings, ...message.readings };
  if (message.answer) {
    ctx.events.emit('commandResponse', {
      terminalNo: session.terminalNo, tenantId: session.identity.tenantId, msgId: 'device', protocol: ctx.protocol,
      matchKey: message.answer.matchKey, text: message.answer.text,
    });
  }
  const later: ProtocolReply[] = [];
  for (const reply of message.replies) {
    if (reply.afterCommit) later.push(reply);
    else if (conn.write(reply.frame)) ctx.counters.acksSent++;
  }
  const rows = rowsOf(ctx, conn, inbound, session);
  if (rows.length === 0) {
    sendAll(ctx, conn, later);
    return;
  }
  conn.readings = undefined;
  // where the device is, for a later frame without a fix (committed or not, it is where the device said it was)
  const newest = rows.reduce((a, b) => (b.deviceTime > a.deviceTime ? b : a));
  if (!newest.backfill && (!conn.lastRow || newest.deviceTime >= conn.lastRow.deviceTime)) conn.lastRow = newest;
  // a callback, not a promise: this runs for every report, and the batcher settles a whole batch at once
  ctx.batcher.enqueue(rows, (failure) => {
    if (failure) {
      ctx.counters.positionsFailed += rows.length;
      ctx.log.warn({ err: failure.error, terminalNo: session.terminalNo, count: rows.length }, 'device positions not committed; left unacknowledged');
      return;
    }
    ctx.counters.positionsStored += rows.length;
    sendAll(ctx, conn, later);
    if (later.length > 0) ctx.counters.ackLatency.record(performance.now() - inbound.receivedAt);
  });
}

function sendAll(ctx: DeviceHandlerContext, conn: DeviceConnection, replies: readonly ProtocolReply[]): void {
  for (const reply of replies) if (conn.write(reply.frame)) ctx.counters.acksSent++;
}

function rowsOf(ctx: DeviceHandlerContext, conn: DeviceConnection, inbound: DeviceInbound, session: DeviceSession): PositionRow[] {
  const { message } = inbound;
  let fixes: readonly DeviceFix[] = message.fixes;
  // an alarm without a fix is still an alarm: it is stored at the device's last known position
  if (fixes.length === 0 && message.alarms.length > 0) {
    fixes = [{ time: inbound.receivedTime, source: 'gps', valid: false, speed: 0, course: 0 }];
  }
  const rows: PositionRow[] = [];
  const origin = { terminalNo: session.terminalNo, identity: session.identity, receivedTime: inbound.receivedTime };
  for (const fix of fixes) {
    const exact = fix.source === 'gps' && fix.valid && fix.lon !== undefined;
    const approximate = exact ? undefined : ctx.locator?.locate(fix);
    const row = deviceRow(fix, message as DeviceMessage, origin, { status: conn.status, readings: conn.readings, approximate, last: conn.lastRow });
    if ('problem' in row) {
      ctx.counters.positionsRejected++;
      ctx.log.info({ protocol: ctx.protocol, terminalNo: session.terminalNo, type: message.type, problem: row.problem }, 'device position refused');
      continue;
    }
    rows.push(row);
  }
  return rows;
}
