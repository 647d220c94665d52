import {
  Jt808GeneralResult, Jt808MsgId, Jt808RegisterResult, encodeRegisterResponse, type Jt808Auth, type Jt808Register,
} from './index';
import type { Jt808Connection, Jt808InboundMessage } from './jt808-connection';
import type { Jt808HandlerContext } from './jt808-handler-context';
import type { TerminalIdentity, TerminalRegistration } from '../gateway-ports';

/**
 * 0x0100 → 0x8100: result 0 with the auth code for a provisioned terminal (or a freshly
 * auto-registered one), result 4 for an unknown terminal. When the directory fails nothing is
 * answered, so the terminal retries instead of believing it was refused.
 */
export async function handleRegister(
  ctx: Jt808HandlerContext, conn: Jt808Connection, msg: Jt808InboundMessage, reg: Jt808Register,
): Promise<void> {
  const { header } = msg;
  let identity: TerminalIdentity | undefined;
  try {
    identity = await ctx.directory.lookup(header.phone);
    if (!identity && ctx.autoRegister) {
      identity = await ctx.directory.register(header.phone, toRegistration(reg));
      ctx.log.info({ terminalNo: header.phone, terminalId: identity.terminalId }, 'jt808 terminal auto-registered');
    }
  } catch (err) {
    ctx.log.error({ err, terminalNo: header.phone }, 'jt808 directory failed during registration');
    return;
  }
  if (!identity) ctx.log.info({ terminalNo: header.phone, remote: conn.remoteAddress }, 'jt808 unknown terminal refused');
  conn.reply(header, Jt808MsgId.RegisterResponse, encodeRegisterResponse(identity
    ? { replySerial: header.serial, result: Jt808RegisterResult.Success, authCode: identity.authCode }
    : { replySerial: header.serial, result: Jt808RegisterResult.TerminalUnknown }));
}

/** 0x0102 → 0x8001: success (and the terminal is online) only when the auth code matches the directory's. */
export async function handleAuth(
  ctx: Jt808HandlerContext, conn: Jt808Connection, msg: Jt808InboundMessage, auth: Jt808Auth,
): Promise<void> {
  const { header } = msg;
  let identity: TerminalIdentity | undefined;
  try {
    identity = await ctx.directory.lookup(header.phone);
  } catch (err) {
    ctx.log.error({ err, terminalNo: header.phone }, 'jt808 directory failed during authentication');
    return;
  }
  if (!identity || identity.authCode !== auth.authCode) {
    ctx.log.info({ terminalNo: header.phone, remote: conn.remoteAddress, known: !!identity }, 'jt808 authentication refused');
    conn.ack(header, msg.ackSerials, Jt808GeneralResult.Failure);
    return;
  }
  const online = await ctx.goOnline(conn, {
    terminalNo: header.phone,
    identity,
    edition: header.edition,
    phoneBcd: header.phoneBcd,
    protocolVersion: header.protocolVersion,
  });
  // a refused login (too many, or the terminal's live connection elsewhere still reporting) is told so as it closes
  conn.ack(header, msg.ackSerials, online ? Jt808GeneralResult.Success : Jt808GeneralResult.Failure);
  if (!online) conn.close('refused');
}

function toRegistration(reg: Jt808Register): TerminalRegistration {
  return {
    edition: reg.layout,
    province: reg.province,
    city: reg.city,
    maker: reg.maker,
    model: reg.model,
    deviceId: reg.deviceId,
    plateColor: reg.plateColor,
    plate: reg.plate,
  };
}
