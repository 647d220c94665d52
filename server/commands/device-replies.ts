import { commandActionFor } from '../../sdk/asset-vocabulary';
import { sensitivityName } from '../../sdk/ebike-guard';
import type { ProtocolName } from '../gateway/device-protocol';

/**
 * A device's answer to a command as the platform records it: `code` 0 done / 1 not done (the
 * meaning of a JT/T 808 0x0001 result), `text` in Chinese for the operator, `raw` what the device
 * said (设备原文).
 */
export interface DeviceReply {
  code: 0 | 1;
  text: string;
  raw: string;
}

/** The label of an answer the catalogue does not know; the operator reads its 设备原文. */
export const UNKNOWN_REPLY_TEXT = '设备回复（未识别）';
/** Stored 设备原文 is cut to this many characters. */
const RAW_MAX = 200;

/**
 * How the relay's circuit and its switching are said for an asset's kind: a vehicle's 油电
 * (断油断电, 恢复油电), an e-bike's 供电 (断电, 恢复供电), see commandActionFor.
 */
interface PowerWords {
  cut: string;
  restore: string;
  /** The circuit: what follows 恢复 in the restore action (油电, 供电). */
  circuit: string;
}

function powerWords(kind: string | null | undefined): PowerWords {
  const restore = commandActionFor(kind, 'oilPower', 'restore', '恢复油电');
  return { cut: commandActionFor(kind, 'oilPower', 'cut', '断油断电'), restore, circuit: restore.replace(/^恢复/, '') };
}

interface KnownReply {
  pattern: RegExp;
  done: boolean;
  text: string | ((m: RegExpExecArray, power: PowerWords) => string);
}

/**
 * Answers of GT06-family devices (0x15 / 0x21 text), the more specific first. Genuine texts:
 * `DYD=Success!`, `Cut off the fuel supply: Success!`, `Restore fuel supply: Success!`,
 * `Already in the state of fuel supply to resume,the command is not running!`, `Command error!` and
 * the `Current position!Lat:…` answer to WHERE# are frames of traccar's GT06 decoder tests
 * (github.com/traccar/traccar src/test/java/org/traccar/protocol/Gt06ProtocolDecoderTest.java, kept in
 * server/gateway/gt06/testdata); `DYD=Unvalued Fix` and `DYD=Speed Limit, Speed 25km/h` are the relay
 * refusals of the Concox GT06 command list (no GPS fix; faster than the guard's own 20 km/h limit);
 * `Defence activated/deactivated: Success!`, `Interval set to …s OK`, `Sensitivity set to 1–3: Success!`
 * (to `SENSITIVITY,<1-3>#`) and `Unknown command, invalid` are the answers of the simulated guards
 * (server/sim/devices/simulated-device.ts).
 */
const GT06_REPLIES: readonly KnownReply[] = [
  { pattern: /speed\s*limit(?:\D*?(\d+)\s*km\/?h)?/i, done: false, text: (m, p) => (m[1] ? `车速过高（${m[1]} km/h），设备拒绝${p.cut}` : `车速过高，设备拒绝${p.cut}`) },
  { pattern: /unvalued\s*fix/i, done: false, text: (_, p) => `设备未定位，暂不执行${p.cut}` },
  { pattern: /already in the state of fuel supply (?:to )?resume/i, done: true, text: (_, p) => `${p.circuit}已是接通状态，无需重复执行` },
  { pattern: /already in the state of fuel supply cut\s*off/i, done: true, text: (_, p) => `${p.circuit}已是断开状态，无需重复执行` },
  { pattern: /^(?:command error|unknown command)/i, done: false, text: '设备不识别该指令' },
  { pattern: /^DYD\s*=\s*success/i, done: true, text: (_, p) => `${p.cut}成功` },
  { pattern: /^HFYD\s*=\s*success/i, done: true, text: (_, p) => `${p.restore}成功` },
  { pattern: /cut off the fuel supply\s*:\s*success/i, done: true, text: (_, p) => `${p.cut}成功` },
  { pattern: /restore fuel supply\s*:\s*success/i, done: true, text: (_, p) => `${p.restore}成功` },
  { pattern: /defen[cs]e activated\s*:?\s*success/i, done: true, text: '设防成功' },
  { pattern: /defen[cs]e deactivated\s*:?\s*success/i, done: true, text: '撤防成功' },
  { pattern: /^(?:current position!?\s*)?lat\s*:/i, done: true, text: '设备已回复当前位置' },
  { pattern: /^interval set to (\d+)\s*s\b.*\bok/i, done: true, text: (m) => `上报间隔已设为 ${m[1]} 秒` },
  { pattern: /^sensitivity(?:\D*?([123])\b)?.*\b(?:success|ok)\b/i, done: true, text: (m) => (m[1] ? `震动灵敏度已设为${sensitivityName(Number(m[1]))}` : '震动灵敏度已设置') },
  { pattern: /^(?:ok|success)!?$/i, done: true, text: '设备已执行' },
];

/** Watch-protocol devices answer a command by echoing its word: the device took it. */
const WATCH_WORDS: Readonly<Record<string, string>> = {
  CR: '设备已收到定位指令，稍后上报位置',
  UPLOAD: '上报间隔已设置',
  SOS: 'SOS号码已设置',
  SOS1: 'SOS号码已设置',
  SOS2: 'SOS号码已设置',
  SOS3: 'SOS号码已设置',
  FIND: '设备正在响铃',
  POWEROFF: '设备即将关机',
  MONITOR: '设备正在回拨监听号码',
  RESET: '设备即将重启',
  FACTORY: '设备即将恢复出厂设置',
  MESSAGE: '消息已送达设备',
  LIGHT: '灯光已切换',
  CENTER: '中心号码已设置',
  PW: '设备密码已设置',
  LZ: '语言和时区已设置',
};

// an answer the catalogue does not know that still says it failed
const FAILURE_WORDS = /fail|error|invalid|失败|错误|无效/i;

/**
 * The meaning of a GT06 or watch-protocol device's answer (`matchKey`: the watch's echoed word;
 * `text`: what follows it, or the GT06 answer text). Known answers get their Chinese text and
 * outcome, in the words of the asset's `kind` (a GT06 relay cuts a vehicle's 油电 but an e-bike's
 * 供电: 断油断电成功 / 断电成功); an unknown one is labelled 设备回复（未识别） with its 设备原文, done
 * unless it says it failed.
 */
export function describeDeviceReply(protocol: Exclude<ProtocolName, 'jt808'>, matchKey: string, text: string, kind?: string | null): DeviceReply {
  const said = text.trim();
  if (protocol === 'watch') {
    const raw = (said ? `${matchKey},${said}` : matchKey).slice(0, RAW_MAX);
    const known = WATCH_WORDS[matchKey.toUpperCase()];
    if (known && !FAILURE_WORDS.test(said)) return { code: 0, text: known, raw };
    return { code: FAILURE_WORDS.test(raw) ? 1 : 0, text: UNKNOWN_REPLY_TEXT, raw };
  }
  const raw = said.slice(0, RAW_MAX);
  if (!raw) return { code: 0, text: '设备已应答', raw };
  for (const reply of GT06_REPLIES) {
    const m = reply.pattern.exec(said);
    if (m) return { code: reply.done ? 0 : 1, text: typeof reply.text === 'string' ? reply.text : reply.text(m, powerWords(kind)), raw };
  }
  return { code: FAILURE_WORDS.test(said) ? 1 : 0, text: UNKNOWN_REPLY_TEXT, raw };
}
