import type { PartAlarmEvent, PartPosition, ReadingDecoder } from '../module/part-data';

/** What a part subscribes to: committed positions (a batch per tenant) and alarms raised or ended. */
export interface PartSubscriptions {
  positions?: (batch: PartPosition[], ctx: never) => unknown;
  alarms?: (event: PartAlarmEvent, ctx: never) => unknown;
}

/** A part's data fields that passed the checks. */
export interface PartData {
  subscriptions?: PartSubscriptions;
  /** Decoders by reading key, each key `<systemId>.<name>`. */
  readings?: Record<string, ReadingDecoder>;
}

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A reading key of the plugin: `<systemId>.` and a name of letters, digits, `_`, `-` or `.`. */
function isOwnKey(key: string, systemId: string): boolean {
  return key.startsWith(`${systemId}.`) && /^[A-Za-z0-9_.-]+$/.test(key.slice(systemId.length + 1));
}

/** Checks `subscriptions` and `readings` of a part's definition; problems go to `errors` in Chinese. */
export function readPartData(def: Raw, systemId: string, errors: string[]): PartData {
  const data: PartData = {};
  const subs = def.subscriptions;
  if (subs !== undefined) {
    if (!isObject(subs)) errors.push('subscriptions 必须是 { positions?, alarms? } 形式的对象');
    else {
      for (const key of Object.keys(subs)) {
        if (key !== 'positions' && key !== 'alarms') errors.push(`subscriptions.${key} 不是可订阅的数据（只能订阅 positions 和 alarms）`);
        else if (typeof subs[key] !== 'function') errors.push(`subscriptions.${key} 必须是函数`);
      }
      data.subscriptions = subs as PartSubscriptions;
    }
  }
  const readings = def.readings;
  if (readings !== undefined) {
    if (!isObject(readings)) errors.push('readings 必须是 { 读数键: 解码函数 } 形式的对象');
    else {
      for (const [key, decoder] of Object.entries(readings)) {
        if (!isOwnKey(key, systemId)) errors.push(`readings 的读数键 ${key} 必须以插件的 systemId 加点开头（如 ${systemId}.t1），避免与平台或其他插件的读数重名`);
        if (typeof decoder !== 'function') errors.push(`readings.${key} 必须是函数`);
      }
      data.readings = readings as Record<string, ReadingDecoder>;
    }
  }
  return data;
}
