import {
  Jt808MsgId, Jt808ParamId, encodeSetParams, encodeTemporaryTracking, encodeTerminalControl, encodeTextMessage,
  encodeVehicleControl, type Jt808Edition, type Jt808ParamValue,
} from '../gateway/jt808/index';
import { commandNameFor, vocabularyOf } from '../../sdk/asset-vocabulary';
import { checkSensitivity, type VibrationSensitivity } from '../../sdk/ebike-guard';
import { COMMAND_TYPES, describeCommandParams, type CommandType } from '../../sdk/services/command-api';
import type { DeviceCommand } from '../gateway/device-protocol';
import { EVERY_TERMINAL, supportRefusal, type CommandSupport, type TargetTraits } from './command-support';
import { contributedDefinition, type ContributedCommandType } from './contributed-commands';

export { protocolOf, type TargetTraits } from './command-support';

export { COMMAND_TYPES, type CommandType };

/** Parameters after checking, or the Chinese reason they were refused. */
export type ParsedParams = { ok: true; params: Record<string, unknown> } | { ok: false; msg: string };

export interface CommandDefinition {
  /** A platform type, or a contributed type's code. */
  type: CommandType | (string & {});
  name: string;
  msgId: number;
  /** Needs the 危险指令 button (840002) and the caller's password; shown in a preview before it is confirmed; never queued for an offline terminal. */
  dangerous: boolean;
  /** Offered in 下发指令 (false: sent only through its own page, e.g. 宠物守护's 寻宠 actions that keep the pet's state). */
  offered: boolean;
  /** Which terminals have it: protocols, asset kinds, models, actions. */
  support: CommandSupport;
  /**
   * The answer when the asset moves faster than MOVING_KMH now and the command must not reach it,
   * in the words of the asset's `kind` (行驶中, 骑行中 …); undefined: sent whatever the speed.
   */
  refusalWhileMoving?(params: Record<string, unknown>, speed: number, kind?: string | null): string | undefined;
  parse(params: Record<string, unknown>): ParsedParams;
  /** The message body in the edition the terminal speaks (JT/T 808). */
  encode(params: Record<string, unknown>, edition: Jt808Edition): Uint8Array;
  /**
   * The message id and body together, for a type whose message id depends on its parameters (a
   * contributed type a server part encodes); absent: `msgId` and `encode`. Throws CommandEncodeError
   * with the Chinese reason the command fails with.
   */
  wire?(params: Record<string, unknown>, edition: Jt808Edition): { msgId: number; body: Uint8Array };
  /** A type a sub-application contributes (`contributes.commandTypes`): whose it is. */
  contributedBy?: ContributedCommandType;
  /** The same command for a GT06 / watch device, in the common device model; undefined when it has none. */
  device(params: Record<string, unknown>): DeviceCommand | undefined;
  /** Why the terminal cannot take it (Chinese), or undefined when it can; with checked `params`, that action in particular. */
  unsupported(target: TargetTraits, params?: Record<string, unknown>): string | undefined;
}

type DeclaredCommand = Omit<CommandDefinition, 'unsupported' | 'offered' | 'type' | 'wire' | 'contributedBy'> & { type: CommandType; offered?: false };

// 0x8300 flags: bit 2 show on the terminal's display, bit 3 read out (TTS)
const TEXT_DISPLAY_AND_TTS = 0x04 | 0x08;
const CONTROL_COMMANDS = { restart: 4, factoryReset: 5 } as const;

function integer(params: Record<string, unknown>, key: string, label: string, min: number, max: number, required = true): number | string | undefined {
  const value = params[key];
  if (value === undefined || value === null || value === '') return required ? `${label}不能为空` : undefined;
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) return `${label}必须是整数`;
  if (n < min || n > max) return `${label}必须在 ${min}–${max} 之间`;
  return n;
}

function oneOf<T extends string>(params: Record<string, unknown>, key: string, label: string, values: readonly T[]): T | { msg: string } {
  const value = params[key];
  if (value === undefined || value === null || value === '') return { msg: `${label}不能为空` };
  return (values as readonly unknown[]).includes(value) ? (value as T) : { msg: `${label}取值不正确` };
}

/** 寻宠模式: a collar reports every 10 s until the mode is cancelled, then at its usual interval again. */
export const LOST_MODE_INTERVAL_SECONDS = 10;
export const USUAL_PET_INTERVAL_SECONDS = 60;
/** A pet's collar of the GT06 family or the watch protocol (buzzer and LED). */
const COLLARS: CommandSupport = { gt06: { assetKinds: ['pet'] }, watch: { assetKinds: ['pet'] } };
/** A GT06 device on a vehicle or e-bike (or not yet bound to one): the guards and trackers with a relay and 设防. */
const GT06_GUARDS = { assetKinds: ['vehicle', 'ebike', null] } as const;
/** The watch-protocol collar has neither a screen nor an SOS key. */
const WATCH_COLLAR_MODELS = ['TL-P2'];
const PHONE = /^\+?[0-9]{3,20}$/;
// commands that exist only for GT06 / watch devices have no JT/T 808 body (unsupported() keeps them from JT/T 808 terminals)
const unencodable = (): Uint8Array => {
  throw new Error('no JT/T 808 form of this command');
};

const declared: Record<CommandType, DeclaredCommand> = {
  locate: {
    type: 'locate',
    name: '位置查询',
    msgId: Jt808MsgId.QueryLocation,
    dangerous: false,
    parse: () => ({ ok: true, params: {} }),
    encode: () => new Uint8Array(0),
    device: () => ({ type: 'locate' }),
    support: EVERY_TERMINAL,
  },
  interval: {
    type: 'interval',
    name: '设置上报间隔',
    msgId: Jt808MsgId.SetParams,
    dangerous: false,
    parse(params) {
      const seconds = integer(params, 'seconds', '上报间隔', 1, 3600);
      if (typeof seconds !== 'number') return { ok: false, msg: seconds ?? '上报间隔不能为空' };
      const sleepSeconds = integer(params, 'sleepSeconds', '休眠上报间隔', 1, 86_400, false);
      if (typeof sleepSeconds === 'string') return { ok: false, msg: sleepSeconds };
      return { ok: true, params: sleepSeconds === undefined ? { seconds } : { seconds, sleepSeconds } };
    },
    encode(params) {
      const items: Jt808ParamValue[] = [{ id: Jt808ParamId.DefaultReportInterval, type: 'dword', value: Number(params.seconds) }];
      if (params.sleepSeconds !== undefined) items.push({ id: Jt808ParamId.SleepReportInterval, type: 'dword', value: Number(params.sleepSeconds) });
      return encodeSetParams(items);
    },
    device: (params) => ({ type: 'interval', seconds: Number(params.seconds) }),
    support: EVERY_TERMINAL,
  },
  text: {
    type: 'text',
    name: '文本下发',
    msgId: Jt808MsgId.TextMessage,
    dangerous: false,
    parse(params) {
      const text = typeof params.text === 'string' ? params.text.trim() : '';
      if (!text) return { ok: false, msg: '文本内容不能为空' };
      if ([...text].length > 200) return { ok: false, msg: '文本内容长度不能超过 200 个字符' };
      return { ok: true, params: { text } };
    },
    encode: (params, edition) => encodeTextMessage({ flag: TEXT_DISPLAY_AND_TTS, text: String(params.text) }, edition),
    device: (params) => ({ type: 'text', text: String(params.text) }),
    support: { jt808: true, watch: { exceptModels: WATCH_COLLAR_MODELS } },
  },
  track: {
    type: 'track',
    name: '临时跟踪',
    msgId: Jt808MsgId.TemporaryTracking,
    dangerous: false,
    parse(params) {
      const intervalSeconds = integer(params, 'intervalSeconds', '跟踪间隔', 1, 3600);
      if (typeof intervalSeconds !== 'number') return { ok: false, msg: intervalSeconds ?? '跟踪间隔不能为空' };
      const durationSeconds = integer(params, 'durationSeconds', '跟踪时长', 1, 86_400);
      if (typeof durationSeconds !== 'number') return { ok: false, msg: durationSeconds ?? '跟踪时长不能为空' };
      if (durationSeconds < intervalSeconds) return { ok: false, msg: '跟踪时长不能小于跟踪间隔' };
      return { ok: true, params: { intervalSeconds, durationSeconds } };
    },
    encode: (params) => encodeTemporaryTracking({ intervalSec: Number(params.intervalSeconds), validitySec: Number(params.durationSeconds) }),
    device: () => undefined,
    support: { jt808: true },
  },
  control: {
    type: 'control',
    name: '终端控制',
    msgId: Jt808MsgId.TerminalControl,
    dangerous: true,
    parse(params) {
      const action = oneOf(params, 'action', '控制类型', ['restart', 'factoryReset'] as const);
      return typeof action === 'string' ? { ok: true, params: { action } } : { ok: false, msg: action.msg };
    },
    encode: (params) => encodeTerminalControl({ command: CONTROL_COMMANDS[params.action as keyof typeof CONTROL_COMMANDS] }),
    device: (params) => (params.action === 'restart' ? { type: 'reset' } : undefined),
    // devices of other protocols restart, but have no factory reset command
    support: { jt808: true, gt06: { actions: ['restart'] }, watch: { actions: ['restart'] } },
  },
  oilPower: {
    type: 'oilPower',
    name: '断油断电',
    msgId: Jt808MsgId.VehicleControl,
    dangerous: true,
    parse(params) {
      const action = oneOf(params, 'action', '断油断电操作', ['cut', 'restore'] as const);
      if (params.force !== undefined && typeof params.force !== 'boolean') return { ok: false, msg: '强制执行参数不正确' };
      // force: cut even an asset reported moving (the operator has made sure it is safe)
      return typeof action === 'string' ? { ok: true, params: { action, ...(params.force === true && { force: true }) } } : { ok: false, msg: action.msg };
    },
    encode: (params, edition) => encodeVehicleControl({ oilPowerCut: params.action === 'cut' }, edition),
    device: (params) => ({ type: params.action === 'cut' ? 'powerCut' : 'powerRestore' }),
    // a vehicle's oil and power circuit, or the relay of a GT06 guard; badges and collars have none
    support: { jt808: { assetKinds: ['vehicle'] }, gt06: GT06_GUARDS },
    // cutting the power of a moving vehicle or e-bike is the classic hazard: not sent unless forced
    refusalWhileMoving: (params, speed, kind) =>
      (params.action === 'cut' && params.force !== true
        ? `${vocabularyOf(kind).moving}中（${Math.round(speed)} km/h），为安全未断电；停稳后再试，或确认安全后强制执行`
        : undefined),
  },
  findDevice: {
    type: 'findDevice',
    name: '寻找设备',
    msgId: 0,
    dangerous: false,
    parse: () => ({ ok: true, params: {} }),
    encode: unencodable,
    device: () => ({ type: 'findDevice' }),
    // the watch protocol's FIND (any watch, badge or collar), a GT06 collar's FIND# (buzzer)
    support: { watch: true, gt06: { assetKinds: ['pet'] } },
  },
  sosNumbers: {
    type: 'sosNumbers',
    name: '设置SOS号码',
    msgId: 0,
    dangerous: false,
    parse(params) {
      const raw = Array.isArray(params.numbers) ? params.numbers : typeof params.numbers === 'string' ? params.numbers.split(/[,，\s]+/) : undefined;
      if (!raw) return { ok: false, msg: 'SOS号码不能为空' };
      const numbers = raw.map((n) => String(n).trim()).filter((n) => n !== '');
      if (numbers.length === 0) return { ok: false, msg: 'SOS号码不能为空' };
      if (numbers.length > 3) return { ok: false, msg: 'SOS号码最多 3 个' };
      const bad = numbers.find((n) => !PHONE.test(n));
      if (bad) return { ok: false, msg: `SOS号码 ${bad.slice(0, 20)} 格式不正确` };
      return { ok: true, params: { numbers } };
    },
    encode: unencodable,
    device: (params) => ({ type: 'sosNumbers', numbers: (params.numbers as string[]) ?? [] }),
    support: { watch: { exceptModels: WATCH_COLLAR_MODELS } },
  },
  monitor: {
    type: 'monitor',
    name: '远程监听',
    msgId: 0,
    dangerous: true,
    parse(params) {
      const phone = typeof params.phone === 'string' ? params.phone.trim() : '';
      if (!phone) return { ok: false, msg: '回拨号码不能为空' };
      if (!PHONE.test(phone)) return { ok: false, msg: '回拨号码格式不正确' };
      return { ok: true, params: { phone } };
    },
    encode: unencodable,
    device: (params) => ({ type: 'monitor', phone: String(params.phone) }),
    support: { watch: true },
  },
  powerOff: {
    type: 'powerOff',
    name: '远程关机',
    msgId: 0,
    dangerous: true,
    parse: () => ({ ok: true, params: {} }),
    encode: unencodable,
    device: () => ({ type: 'powerOff' }),
    support: { watch: true },
  },
  fortify: {
    type: 'fortify',
    name: '设防撤防',
    msgId: 0,
    dangerous: false,
    parse(params) {
      const action = oneOf(params, 'action', '设防操作', ['arm', 'disarm'] as const);
      return typeof action === 'string' ? { ok: true, params: { action } } : { ok: false, msg: action.msg };
    },
    encode: unencodable,
    device: (params) => ({ type: params.action === 'arm' ? 'arm' : 'disarm' }),
    support: { gt06: GT06_GUARDS },
  },
  light: {
    type: 'light',
    name: '开关灯',
    msgId: 0,
    dangerous: false,
    parse(params) {
      const action = oneOf(params, 'action', '灯光操作', ['on', 'off'] as const);
      return typeof action === 'string' ? { ok: true, params: { action } } : { ok: false, msg: action.msg };
    },
    encode: unencodable,
    device: (params) => ({ type: 'light', on: params.action === 'on' }),
    offered: false,
    support: COLLARS,
  },
  lostMode: {
    type: 'lostMode',
    name: '寻宠模式',
    msgId: Jt808MsgId.SetParams,
    dangerous: false,
    parse(params) {
      const action = oneOf(params, 'action', '寻宠模式操作', ['on', 'off'] as const);
      return typeof action === 'string' ? { ok: true, params: { action } } : { ok: false, msg: action.msg };
    },
    encode: (params) => encodeSetParams([{ id: Jt808ParamId.DefaultReportInterval, type: 'dword', value: lostModeSeconds(params) }]),
    device: (params) => ({ type: 'interval', seconds: lostModeSeconds(params) }),
    offered: false,
    support: { jt808: { assetKinds: ['pet'] }, gt06: { assetKinds: ['pet'] }, watch: { assetKinds: ['pet'] } },
  },
  vibrationSensitivity: {
    type: 'vibrationSensitivity',
    name: '设置震动灵敏度',
    msgId: 0,
    dangerous: false,
    parse(params) {
      // the same check as the 防盗设置 it comes from
      const checked = checkSensitivity(params.level);
      return checked.ok ? { ok: true, params: { level: checked.level } } : { ok: false, msg: checked.msg };
    },
    encode: unencodable,
    device: (params) => ({ type: 'vibrationSensitivity', level: Number(params.level) as VibrationSensitivity }),
    // sent from 电动车卫士's 防盗设置, which also keeps the level the platform filters vibration alarms with
    offered: false,
    // a GT06 e-bike guard's: JT/T 808 has no such parameter (and reports no vibration), watches and collars no vibration alarm
    support: { gt06: { assetKinds: ['ebike'] } },
  },
};

function lostModeSeconds(params: Record<string, unknown>): number {
  return params.action === 'on' ? LOST_MODE_INTERVAL_SECONDS : USUAL_PET_INTERVAL_SECONDS;
}

/** The chosen action and its Chinese name as the asset's `kind` says it, where the command has actions. */
function actionOf(type: CommandType, params: Record<string, unknown> | undefined, kind: string | null): { value: string; label: string } | undefined {
  return typeof params?.action === 'string' ? { value: params.action, label: describeCommandParams(type, params, kind) } : undefined;
}

const definitions = Object.fromEntries(Object.values(declared).map((d): [CommandType, CommandDefinition] => [d.type, {
  ...d,
  offered: d.offered ?? true,
  unsupported: (target, params) => supportRefusal(commandNameFor(target.assetKind, d.type, d.name), d.support, target, actionOf(d.type, params, target.assetKind)),
}])) as Record<CommandType, CommandDefinition>;

export function isCommandType(value: unknown): value is CommandType {
  return typeof value === 'string' && (COMMAND_TYPES as readonly string[]).includes(value);
}

export function commandDefinition(type: CommandType): CommandDefinition {
  return definitions[type];
}

/** The platform's type or the contributed type of that code; undefined when neither exists (now). */
export function findCommand(code: string): CommandDefinition | undefined {
  return isCommandType(code) ? definitions[code] : contributedDefinition(code);
}

/** The Chinese name of a stored command type as the asset's `kind` calls it (a type no longer known is shown as stored). */
export function commandName(type: string, kind?: string | null): string {
  return isCommandType(type) ? commandNameFor(kind, type, definitions[type].name) : contributedDefinition(type)?.name ?? type;
}
