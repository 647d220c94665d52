/**
 * 智能车联 commands to terminals (指令下发): the contract of docs/api-contract.md "Alarms,
 * geofences and commands" (command part), shared by the command dialog and the history page.
 */
import { commandActionFor } from '../asset-vocabulary';
import { sensitivityName } from '../ebike-guard';
import type { CommandParamContribution } from '../extension-points';

/**
 * The command types a terminal can be sent (docs/api-contract.md, "Alarms, geofences and commands"), in the
 * order 下发指令 offers them: JT/T 808 (locate … oilPower), GT06 and watch-protocol devices (fortify …
 * powerOff), pet collars (light, lostMode), e-bike guards (vibrationSensitivity).
 */
export const COMMAND_TYPES = [
  'locate', 'interval', 'text', 'track', 'control', 'oilPower', 'fortify', 'findDevice', 'sosNumbers', 'monitor', 'powerOff', 'light', 'lostMode',
  'vibrationSensitivity',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

/** `Command.status`: 0 待发送, 1 已发送, 2 成功, 3 失败, 4 超时. */
export const CommandStatus = { PENDING: 0, SENT: 1, SUCCEEDED: 2, FAILED: 3, TIMED_OUT: 4 } as const;
export type CommandStatusCode = (typeof CommandStatus)[keyof typeof CommandStatus];

/** Status names as the server writes them in `statusText`. */
export const COMMAND_STATUS_NAMES: Record<CommandStatusCode, string> = { 0: '待发送', 1: '已发送', 2: '成功', 3: '失败', 4: '超时' };

/** One command to one terminal (times ISO 8601 with offset). */
export interface Command {
  id: number;
  batchId: string;
  terminalNo: string;
  plateNo: string | null;
  /** The kind of the asset its terminal is bound to (its words head the name column); null for none. */
  assetKind?: string | null;
  commandType: CommandType | string;
  commandName: string;
  params: Record<string, unknown>;
  status: CommandStatusCode;
  statusText: string;
  /** Who sent it. */
  account: string;
  createTime: string;
  sendTime: string | null;
  resultTime: string | null;
  /**
   * The terminal's answer `{code, text, raw?, position?}` — `text` in Chinese, `raw` what a GT06 or
   * watch device said (设备原文), a 位置查询 answered with a position — or why it ended without one
   * `{code?, text}` (moving, offline, 终端未应答 …).
   */
  result: CommandResult | null;
}

/** `Command.result`. */
export interface CommandResult {
  code?: number | string;
  text?: string;
  /** 设备原文: the device's own answer, kept as it came. */
  raw?: string;
  position?: { lon: number; lat: number; speed: number; gpsTime: string };
}

/** A command's result for people: the Chinese text (a position as `lon, lat · speed km/h`) and the device's own words, if any. */
export function describeCommandResult(result: CommandResult | null): { text: string; raw: string | null } {
  if (!result) return { text: '', raw: null };
  const p = result.position;
  const text = p ? `${p.lon.toFixed(5)}, ${p.lat.toFixed(5)} · ${Math.round(p.speed)} km/h` : result.text ?? '';
  return { text, raw: result.raw ? result.raw : null };
}

/** `{"type":"command","command"}` of the live channel: a command's status changed. */
export interface CommandLiveEvent {
  command: Command;
}

/** One terminal of checkCommandDownBatchTer.json. */
export interface CommandTerminalCheck {
  terminalNo: string;
  plateNo: string | null;
  /** 终端型号 ('' when unknown). */
  model: string;
  online: boolean;
  supported: boolean;
  /** Online and supported: sent at once. */
  canSend: boolean;
  /** Why not at once (an offline but supported terminal gets it when it reconnects). */
  reason: string | null;
}

/** One entry of availableCommands.json: a type at least one of the chosen terminals supports and the caller may send. */
export interface AvailableCommand {
  /** A platform type, or the code of a contributed one (`contributes.commandTypes`). */
  commandType: CommandType | (string & {});
  commandName: string;
  /** Needs 危险指令 and the password, after a preview. */
  dangerous: boolean;
  /** How many of the `total` chosen terminals support it. */
  supported: number;
  total: number;
  /** A contributed type: the form its parameters make (the platform's own types have their own forms). */
  params?: readonly CommandParamContribution[];
  /** A contributed type: the title of the sub-application that contributes it. */
  contributedBy?: string;
}

/** Why a terminal is skipped by a batch. */
export type CommandSkipCode = 'unsupported' | 'offline' | 'moving' | 'noPermission';

/** One terminal of previewCommandDownBatch.json. */
export interface CommandPreviewTerminal {
  terminalNo: string;
  plateNo: string | null;
  model: string | null;
  online: boolean;
  /** km/h by its latest position when reported within ten minutes, else null. */
  speed: number | null;
  moving: boolean;
  /** send: now; queue: when it connects; skip: not sent (`code`, `reason`). */
  outcome: 'send' | 'queue' | 'skip';
  code: CommandSkipCode | null;
  reason: string | null;
}

/** previewCommandDownBatch.json: what a batch would do, computed by the server without sending anything. */
export interface CommandPreview {
  commandType: CommandType | (string & {});
  commandName: string;
  dangerous: boolean;
  action: string | null;
  movingKmh: number;
  total: number;
  receivers: number;
  sendNow: number;
  queued: number;
  moving: number;
  movingReceivers: number;
  skipped: Record<CommandSkipCode, number>;
  warnings: string[];
  terminals: CommandPreviewTerminal[];
}

/** The filter of list.json and export.json (absent: any). */
export type CommandListFilter = {
  batchId?: string;
  terminalNo?: string;
  /** A CommandStatus. */
  status?: number;
};

/** 指令下发 menu (history page) and its buttons. */
export const COMMAND_MENU_ID = 8400;
export const COMMAND_SEND_BUTTON_ID = 840001;
export const COMMAND_DANGEROUS_BUTTON_ID = 840002;

/** Terminals one batch may address. */
export const COMMAND_MAX_TERMINALS = 500;

/**
 * A readable summary of a command's parameters (e.g. `间隔 30 秒`); an action as the asset's `kind`
 * calls it when it has its own word (an e-bike's 断电 for 断开油电).
 */
export function describeCommandParams(type: string, params: Record<string, unknown>, kind?: string | null): string {
  switch (type) {
    case 'interval':
      return `间隔 ${String(params.seconds)} 秒${params.sleepSeconds ? `，休眠 ${String(params.sleepSeconds)} 秒` : ''}`;
    case 'text':
      return String(params.text ?? '');
    case 'track':
      return `每 ${String(params.intervalSeconds)} 秒，持续 ${String(params.durationSeconds)} 秒`;
    case 'control':
      return params.action === 'factoryReset' ? '恢复出厂设置' : '重启终端';
    case 'oilPower':
      return params.action === 'cut' ? commandActionFor(kind, type, 'cut', '断开油电') : commandActionFor(kind, type, 'restore', '恢复油电');
    case 'fortify':
      return params.action === 'arm' ? '设防' : '撤防';
    case 'sosNumbers':
      return Array.isArray(params.numbers) ? params.numbers.join('、') : '';
    case 'monitor':
      return `回拨 ${String(params.phone ?? '')}`;
    case 'light':
      return params.action === 'on' ? '开灯' : '关灯';
    case 'lostMode':
      return params.action === 'on' ? '开启（每 10 秒上报）' : '关闭';
    case 'vibrationSensitivity':
      return `震动灵敏度 ${sensitivityName(Number(params.level))}`;
    default:
      // a contributed type: its parameters' values in the order given
      return Object.values(params).filter((v) => v !== undefined && v !== null && v !== '').map(String).join('，');
  }
}
