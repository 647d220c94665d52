/**
 * 智能车联 commands to terminals (指令下发): the contract of docs/api-contract.md "Alarms,
 * geofences and commands" (command part), shared by the command dialog and the history page.
 */
import { sensitivityName } from '../ebike-guard';

/** The command types a terminal can be sent. */
export type CommandType =
  | 'locate' | 'interval' | 'text' | 'track' | 'control' | 'oilPower'
  // GT06 and watch-protocol devices (badges, collars, e-bike guards)
  | 'findDevice' | 'sosNumbers' | 'monitor' | 'powerOff' | 'fortify'
  // pet collars (宠物守护 寻宠)
  | 'light' | 'lostMode'
  // e-bike guards (电动车卫士 防盗设置)
  | 'vibrationSensitivity';

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
  /** The terminal's answer `{code, text, position?}` (a 位置查询 answers with a position), or why it ended without one `{text}`. */
  result: { code?: number; text?: string; position?: { lon: number; lat: number; speed: number; gpsTime: string } } | null;
}

/** `{"type":"command","command"}` of the live channel: a command's status changed. */
export interface CommandLiveEvent {
  command: Command;
}

/** One terminal of checkCommandDownBatchTer.json. */
export interface CommandTerminalCheck {
  terminalNo: string;
  plateNo: string | null;
  online: boolean;
  supported: boolean;
  /** Online and supported: sent at once. */
  canSend: boolean;
  /** Why not at once (an offline but supported terminal gets it when it reconnects). */
  reason: string | null;
}

/** The command types in the order the dialog offers them; `dangerous` ones need 危险指令 and the password. */
export const COMMAND_TYPES: readonly { type: CommandType; name: string; dangerous: boolean }[] = [
  { type: 'locate', name: '位置查询', dangerous: false },
  { type: 'interval', name: '设置上报间隔', dangerous: false },
  { type: 'text', name: '文本下发', dangerous: false },
  { type: 'track', name: '临时跟踪', dangerous: false },
  { type: 'control', name: '终端控制', dangerous: true },
  { type: 'oilPower', name: '断油断电', dangerous: true },
  { type: 'fortify', name: '设防撤防', dangerous: false },
  { type: 'findDevice', name: '寻找设备', dangerous: false },
  { type: 'sosNumbers', name: '设置SOS号码', dangerous: false },
  { type: 'monitor', name: '远程监听', dangerous: true },
  { type: 'powerOff', name: '远程关机', dangerous: true },
];

/** 指令下发 menu (history page) and its buttons. */
export const COMMAND_MENU_ID = 8400;
export const COMMAND_SEND_BUTTON_ID = 840001;
export const COMMAND_DANGEROUS_BUTTON_ID = 840002;

export const COMMAND_CHECK_PATH = '/car/v1/api/command/checkCommandDownBatchTer.json';
export const COMMAND_SEND_PATH = '/car/v1/api/command/commandDownBatch.json';
export const COMMAND_LIST_PATH = '/car/v1/api/command/list.json';
/** Terminals one batch may address. */
export const COMMAND_MAX_TERMINALS = 500;

/** A readable summary of a command's parameters (e.g. `间隔 30 秒`). */
export function describeCommandParams(type: string, params: Record<string, unknown>): string {
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
      return params.action === 'cut' ? '断开油电' : '恢复油电';
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
      return '';
  }
}
