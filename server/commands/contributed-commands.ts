import { carrierFromDeclaration, carrierProblem, checkCommandParams, type CommandCarrier } from '../../sdk/command-carriers';
import type { CommandTypeContribution } from '../../sdk/extension-points';
import { encodePassthrough, encodeTextMessage, Jt808MsgId, type Jt808Edition } from '../gateway/jt808/index';
import { BUILT_IN_DECLARATIONS } from '../store/catalogue/built-in-declarations';
import { supportRefusal, type CommandSupport } from './command-support';
import type { CommandDefinition } from './command-types';

/** A command type a sub-application contributes (`contributes.commandTypes`), with whose it is. */
export interface ContributedCommandType {
  type: CommandTypeContribution;
  platformId: number;
  systemId: string;
  /** The sub-application's title. */
  title: string;
}

/** What an installed plugin's server part encodes itself: its `commands`, run as the part's code. */
export interface PartCommandEncoders {
  encoders: Readonly<Record<string, (params: Record<string, unknown>) => unknown>>;
  run<T>(fn: () => T): T;
}

/** A command that could not be encoded, with the reason the command fails with (Chinese). */
export class CommandEncodeError extends Error {
  override name = 'CommandEncodeError';
}

// 0x8300 flags: bit 0 紧急, bit 2 show on the display, bit 3 read out (TTS)
const TEXT_EMERGENCY = 0x01;
const TEXT_DISPLAY_AND_TTS = 0x04 | 0x08;

/** A carrier in the edition the terminal speaks: its message id and body. */
export function encodeCarrier(carrier: CommandCarrier, edition: Jt808Edition): { msgId: number; body: Uint8Array } {
  if (carrier.kind === 'text') {
    const flag = TEXT_DISPLAY_AND_TTS | (carrier.emergency ? TEXT_EMERGENCY : 0);
    return { msgId: Jt808MsgId.TextMessage, body: encodeTextMessage({ flag, text: carrier.text }, edition) };
  }
  const data = carrier.encoding === 'hex'
    ? Uint8Array.from(carrier.payload.replace(/\s+/g, '').match(/../g) ?? [], (b) => parseInt(b, 16))
    : new TextEncoder().encode(carrier.payload);
  return { msgId: Jt808MsgId.DownlinkPassthrough, body: encodePassthrough({ type: carrier.passthroughType, data }) };
}

const builtIn: readonly ContributedCommandType[] = BUILT_IN_DECLARATIONS.flatMap((d) =>
  (d.contributes?.commandTypes ?? []).map((type) => ({ type, platformId: d.platformId, systemId: d.systemId, title: d.title })));
let installed: readonly ContributedCommandType[] = [];
const parts = new Map<string, PartCommandEncoders>();

/** The contributed types now: the built-in sub-applications', then the installed plugins' as of the last read of PLUGINS_DIR. */
export function contributedCommandTypes(): readonly ContributedCommandType[] {
  return [...builtIn, ...installed];
}

/** The codes the built-in sub-applications contribute, with whose they are (an installed plugin may not take them). */
export function builtInContributedCodes(): ReadonlyMap<string, string> {
  return new Map(builtIn.map((c) => [c.type.code, `内置子应用「${c.title}」的「${c.type.title}」`]));
}

/** Replaces the installed plugins' types (checked at scan: a code already taken was refused with its plugin). */
export function setInstalledCommandTypes(list: readonly ContributedCommandType[]): void {
  const taken = new Set(builtIn.map((c) => c.type.code));
  installed = list.filter((c) => !taken.has(c.type.code) && (taken.add(c.type.code), true));
}

/** The running server part of a plugin encodes its types (undefined: it stopped, failed or went). */
export function setPartCommandEncoders(systemId: string, encoders: PartCommandEncoders | undefined): void {
  if (encoders && Object.keys(encoders.encoders).length > 0) parts.set(systemId, encoders);
  else parts.delete(systemId);
}

/** The carrier of a contributed command: the server part's encoder when it has one, else the declared carrier. */
function carrierOf(c: ContributedCommandType, params: Record<string, unknown>): CommandCarrier {
  const part = parts.get(c.systemId);
  const encode = part?.encoders[c.type.code];
  if (encode && part) {
    let out: unknown;
    try {
      out = part.run(() => encode(params));
    } catch (err) {
      throw new CommandEncodeError(`「${c.title}」的服务端编码该指令时出错：${err instanceof Error ? err.message : String(err)}`.slice(0, 200));
    }
    const problem = carrierProblem(out);
    if (problem) throw new CommandEncodeError(`「${c.title}」的服务端编码结果无效：${problem}`);
    return out as CommandCarrier;
  }
  if (c.type.carrier) return carrierFromDeclaration(c.type.carrier, params);
  throw new CommandEncodeError(`「${c.title}」的服务端未运行，无法编码该指令`);
}

/** Whether the platform can carry it now: a declared carrier, or a running part that encodes it. */
function sendable(c: ContributedCommandType): boolean {
  return c.type.carrier !== undefined || parts.get(c.systemId)?.encoders[c.type.code] !== undefined;
}

function definitionOf(c: ContributedCommandType): CommandDefinition {
  const { code, title, params = [], assetKinds } = c.type;
  // only JT/T 808 terminals take the carriers; GT06 and watch devices have neither
  const support: CommandSupport = { jt808: assetKinds ? { assetKinds } : true };
  const msgId = c.type.carrier?.kind === 'passthrough' ? Jt808MsgId.DownlinkPassthrough : Jt808MsgId.TextMessage;
  return {
    type: code as CommandDefinition['type'],
    name: title,
    msgId,
    dangerous: false,
    offered: true,
    support,
    contributedBy: c,
    parse: (values) => checkCommandParams(params, values),
    wire: (values, edition) => encodeCarrier(carrierOf(c, values), edition),
    encode: (values, edition) => encodeCarrier(carrierOf(c, values), edition).body,
    device: () => undefined,
    unsupported: (target) => supportRefusal(title, support, target) ?? (sendable(c) ? undefined : `「${c.title}」的服务端未运行，暂不能下发${title}`),
  };
}

/** The contributed type of that code as a command definition, undefined when no sub-application contributes it. */
export function contributedDefinition(code: string): CommandDefinition | undefined {
  const c = contributedCommandTypes().find((t) => t.type.code === code);
  return c && definitionOf(c);
}
