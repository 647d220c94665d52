import { Jt808GeneralResult, Jt808MsgId, decodeTerminalMessage, formatMsgId } from './index';
import type { Jt808Connection, Jt808InboundMessage } from './jt808-connection';
import type { Jt808HandlerContext } from './jt808-handler-context';
import { handleAuth, handleRegister } from './jt808-login-handler';
import { storeBatch, storePositions, storeQueriedPosition } from './jt808-position-handler';
import { toPositionRow } from '../position-row-mapper';

const POSITION_MESSAGES: ReadonlySet<number> = new Set([Jt808MsgId.Location, Jt808MsgId.BatchLocation]);

/**
 * Handles one whole terminal message. Registration and authentication are open to anyone;
 * everything else needs this connection to have authenticated as the sender's number, and is
 * otherwise refused with 0x8001 result 1 and not stored.
 * Synchronous except for registration and authentication (they ask the directory).
 */
export function handleJt808Message(ctx: Jt808HandlerContext, conn: Jt808Connection, msg: Jt808InboundMessage): Promise<void> | void {
  const { header } = msg;
  const decoded = decodeTerminalMessage(msg);
  if (!decoded.ok) {
    if (POSITION_MESSAGES.has(header.msgId)) ctx.counters.positionsRejected++;
    ctx.log.info({ terminalNo: header.phone, msgId: formatMsgId(header.msgId), reason: decoded.reason, detail: decoded.detail }, 'jt808 message body refused');
    // a wrong position is a failure of that report; anything unreadable is a malformed message
    const bad = decoded.reason === 'invalid-coordinates' || decoded.reason === 'invalid-time';
    if (header.msgId !== Jt808MsgId.TerminalGeneralResponse) {
      conn.ack(header, msg.ackSerials, bad ? Jt808GeneralResult.Failure : Jt808GeneralResult.MessageError);
    }
    return;
  }
  const m = decoded.value;
  if (m.type === 'register') return handleRegister(ctx, conn, msg, m.value);
  if (m.type === 'auth') return handleAuth(ctx, conn, msg, m.value);

  const session = conn.session?.terminalNo === header.phone ? conn.session : undefined;
  if (!session) {
    if (m.type === 'general-response') return; // responses are never answered
    if (m.type === 'location') ctx.counters.positionsRejected++;
    if (m.type === 'batch-location') ctx.counters.positionsRejected += m.value.positions.length;
    ctx.log.info({ terminalNo: header.phone, msgId: formatMsgId(header.msgId), remote: conn.remoteAddress }, 'jt808 message before authentication refused');
    conn.ack(header, msg.ackSerials, Jt808GeneralResult.Failure);
    return;
  }

  switch (m.type) {
    case 'heartbeat':
      conn.ack(header, msg.ackSerials, Jt808GeneralResult.Success);
      return;
    case 'logout':
      conn.ack(header, msg.ackSerials, Jt808GeneralResult.Success);
      ctx.goOffline(conn);
      return;
    case 'location':
      storePositions(ctx, conn, msg, session, [{ ok: true, value: m.value }], false);
      return;
    case 'batch-location':
      storeBatch(ctx, conn, msg, session, m.value);
      return;
    case 'general-response':
      ctx.events.emit('commandResponse', {
        terminalNo: session.terminalNo, tenantId: session.identity.tenantId, msgId: Jt808MsgId.TerminalGeneralResponse,
        replySerial: m.value.replySerial, replyMsgId: m.value.replyMsgId, result: m.value.result,
      });
      return;
    case 'location-query-response': {
      const loc = m.value.location;
      const position = loc.ok
        ? toPositionRow(loc.value, { terminalNo: session.terminalNo, identity: session.identity, receivedTime: msg.receivedTime, backfill: false })
        : undefined;
      if (position) storeQueriedPosition(ctx, msg, session, position);
      ctx.events.emit('commandResponse', {
        terminalNo: session.terminalNo, tenantId: session.identity.tenantId, msgId: Jt808MsgId.LocationQueryResponse,
        replySerial: m.value.replySerial, position,
      });
      return;
    }
    case 'other':
      conn.ack(header, msg.ackSerials, Jt808GeneralResult.Unsupported);
      return;
  }
}
