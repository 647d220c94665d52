import {
  Jt808MsgId, Jt808ParamId, encodeSetParams, encodeTemporaryTracking, encodeTerminalControl, encodeTextMessage,
  encodeVehicleControl, type Jt808Edition, type Jt808ParamValue,
} from '../gateway/jt808/index';

/** The command types of docs/api-contract.md ("Alarms, geofences and commands"). */
export const COMMAND_TYPES = ['locate', 'interval', 'text', 'track', 'control', 'oilPower'] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

/** Parameters after checking, or the Chinese reason they were refused. */
export type ParsedParams = { ok: true; params: Record<string, unknown> } | { ok: false; msg: string };

/** What the platform knows of a terminal when it decides whether a command applies. */
export interface TargetTraits {
  /** vehicle, person, pet …; null for a terminal without a vehicle record. */
  assetKind: string | null;
}

export interface CommandDefinition {
  type: CommandType;
  name: string;
  msgId: number;
  /** Needs the 危险指令 button (840002) and the caller's password. */
  dangerous: boolean;
  parse(params: Record<string, unknown>): ParsedParams;
  /** The message body in the edition the terminal speaks. */
  encode(params: Record<string, unknown>, edition: Jt808Edition): Uint8Array;
  /** Why the terminal cannot take it (Chinese), or undefined when it can. */
  unsupported(target: TargetTraits): string | undefined;
}

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

const anyTerminal = () => undefined;

const definitions: Record<CommandType, CommandDefinition> = {
  locate: {
    type: 'locate',
    name: '位置查询',
    msgId: Jt808MsgId.QueryLocation,
    dangerous: false,
    parse: () => ({ ok: true, params: {} }),
    encode: () => new Uint8Array(0),
    unsupported: anyTerminal,
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
    unsupported: anyTerminal,
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
    unsupported: anyTerminal,
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
    unsupported: anyTerminal,
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
    unsupported: anyTerminal,
  },
  oilPower: {
    type: 'oilPower',
    name: '断油断电',
    msgId: Jt808MsgId.VehicleControl,
    dangerous: true,
    parse(params) {
      const action = oneOf(params, 'action', '断油断电操作', ['cut', 'restore'] as const);
      return typeof action === 'string' ? { ok: true, params: { action } } : { ok: false, msg: action.msg };
    },
    encode: (params, edition) => encodeVehicleControl({ oilPowerCut: params.action === 'cut' }, edition),
    // only a vehicle has an oil and power circuit to cut (badges, pets and e-bike trackers do not)
    unsupported: (target) => (target.assetKind === 'vehicle' ? undefined : '该终端不支持断油断电'),
  },
};

export function isCommandType(value: unknown): value is CommandType {
  return typeof value === 'string' && (COMMAND_TYPES as readonly string[]).includes(value);
}

export function commandDefinition(type: CommandType): CommandDefinition {
  return definitions[type];
}

/** The Chinese name of a stored command type (unknown types are shown as stored). */
export function commandName(type: string): string {
  return isCommandType(type) ? definitions[type].name : type;
}
