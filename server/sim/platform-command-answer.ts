import {
  Jt808GeneralResult, Jt808MsgId, Jt808ParamId, decodeSetParams, decodeTemporaryTracking, decodeTerminalControl,
  decodePassthrough, decodeTextMessage, decodeVehicleControl, encodeGeneralResponse, encodeLocationQueryResponse, JT808_CONTROL_DOOR,
  JT808_CONTROL_OIL_POWER, JT808_FLAG_OIL_POWER, JT808_FLAG_OIL_POWER_CUT,
} from '../gateway/jt808/index';

/** Terminal → platform id of the vehicle-control answer (reply serial + 0x0200 body). */
export const VEHICLE_CONTROL_RESPONSE = 0x0500;
/** Terminal → platform id of the parameter-query answer. */
export const QUERY_PARAMS_RESPONSE = 0x0104;

/** What a platform command asks the terminal to change. */
export type TerminalEffect =
  | { kind: 'report-interval'; seconds: number }
  | { kind: 'sleep-interval'; seconds: number }
  | { kind: 'heartbeat-interval'; seconds: number }
  | { kind: 'tracking'; intervalSec: number; validitySec: number }
  | { kind: 'text'; flag: number; text: string }
  /** 0x8900 数据下行透传, handed to the peripheral behind the terminal. */
  | { kind: 'passthrough'; type: number; data: Uint8Array }
  /** Drop the connection and come back after `offlineSec`; factory reset also forgets the auth code and settings. */
  | { kind: 'restart'; factoryReset: boolean; offlineSec: number }
  | { kind: 'door'; locked: boolean }
  /** 断油断电: status bits 10 (oil) and 11 (circuit) in later reports. */
  | { kind: 'oil-power'; cut: boolean };

/** The terminal's answer to one platform command: frames to send (in order) and effects to apply after. */
export interface CommandAnswer {
  replies: { msgId: number; body: Uint8Array }[];
  effects: TerminalEffect[];
}

/** What the answer needs to know about the terminal. */
export interface CommandContext {
  edition: '2013' | '2019';
  /** The current position as a 0x0200 body (for 0x8201 and 0x0500). */
  locationBody(): Uint8Array;
  /** Current settings, for 0x8104. */
  settings(): { heartbeatSec: number; sleepSec: number; reportSec: number };
  /** Also answer 0x8500 with 0x0500 (besides 0x0001). */
  vehicleControlReply0500?: boolean;
}

/**
 * How a real terminal answers a platform → terminal message: 0x8201 with 0x0201; 0x8103,
 * 0x8202, 0x8300, 0x8900, 0x8105 and 0x8500 with 0x0001 (result 0, or 2 for a malformed body);
 * 0x8104 with 0x0104; anything else with 0x0001 result 3 (unsupported). Pure: no I/O.
 */
export function answerPlatformCommand(msgId: number, serial: number, body: Uint8Array, ctx: CommandContext): CommandAnswer {
  const general = (result: number) => ({ msgId: Jt808MsgId.TerminalGeneralResponse, body: encodeGeneralResponse({ replySerial: serial, replyMsgId: msgId, result }) });
  const ok = (effects: TerminalEffect[] = []): CommandAnswer => ({ replies: [general(Jt808GeneralResult.Success)], effects });
  const malformed: CommandAnswer = { replies: [general(Jt808GeneralResult.MessageError)], effects: [] };
  switch (msgId) {
    case Jt808MsgId.QueryLocation:
      return { replies: [{ msgId: Jt808MsgId.LocationQueryResponse, body: encodeLocationQueryResponse(serial, ctx.locationBody()) }], effects: [] };
    case Jt808MsgId.SetParams: {
      const d = decodeSetParams(body);
      return d.ok ? ok(paramEffects(d.value)) : malformed;
    }
    case Jt808MsgId.QueryParams:
      return { replies: [{ msgId: QUERY_PARAMS_RESPONSE, body: encodeParamsAnswer(serial, ctx.settings()) }], effects: [] };
    case Jt808MsgId.TemporaryTracking: {
      const d = decodeTemporaryTracking(body);
      return d.ok ? ok([{ kind: 'tracking', ...d.value }]) : malformed;
    }
    case Jt808MsgId.TextMessage: {
      const d = decodeTextMessage(body, ctx.edition);
      return d.ok ? ok([{ kind: 'text', flag: d.value.flag, text: d.value.text }]) : malformed;
    }
    case Jt808MsgId.DownlinkPassthrough: {
      const d = decodePassthrough(body);
      return d.ok ? ok([{ kind: 'passthrough', type: d.value.type, data: d.value.data }]) : malformed;
    }
    case Jt808MsgId.TerminalControl: {
      const d = decodeTerminalControl(body);
      if (!d.ok) return malformed;
      const effect = controlEffect(d.value.command);
      return effect ? ok([effect]) : { replies: [general(Jt808GeneralResult.Unsupported)], effects: [] };
    }
    case Jt808MsgId.VehicleControl: {
      const d = decodeVehicleControl(body, ctx.edition);
      if (!d.ok) return malformed;
      const cut = oilPowerCut(d.value);
      if (cut !== undefined) return ok([{ kind: 'oil-power', cut }]);
      const door = 'flag' in d.value ? (d.value.flag & 1) === 1 : d.value.controls.find((c) => c.id === JT808_CONTROL_DOOR)?.params[0] === 0;
      const answer = ok([{ kind: 'door', locked: door }]);
      if (ctx.vehicleControlReply0500) {
        // 0x0500 carries the position after the change, so patch the door bit (status bit 12) in
        const loc = ctx.locationBody().slice();
        const status = new DataView(loc.buffer, loc.byteOffset, loc.byteLength);
        status.setUint32(4, door ? status.getUint32(4) | 0x1000 : (status.getUint32(4) & ~0x1000) >>> 0);
        answer.replies.push({ msgId: VEHICLE_CONTROL_RESPONSE, body: encodeLocationQueryResponse(serial, loc) });
      }
      return answer;
    }
    default:
      return { replies: [general(Jt808GeneralResult.Unsupported)], effects: [] };
  }
}

/** Whether a 0x8500 cuts (true) or restores (false) oil and power; undefined when it is about something else. */
function oilPowerCut(control: { flag: number } | { controls: { id: number; params: Uint8Array }[] }): boolean | undefined {
  if ('flag' in control) return control.flag & JT808_FLAG_OIL_POWER ? (control.flag & JT808_FLAG_OIL_POWER_CUT) !== 0 : undefined;
  const item = control.controls.find((c) => c.id === JT808_CONTROL_OIL_POWER);
  return item ? item.params[0] === 1 : undefined;
}

function paramEffects(params: { id: number; value: number | string }[]): TerminalEffect[] {
  const out: TerminalEffect[] = [];
  for (const p of params) {
    if (typeof p.value !== 'number' || p.value <= 0) continue;
    if (p.id === Jt808ParamId.DefaultReportInterval) out.push({ kind: 'report-interval', seconds: p.value });
    else if (p.id === Jt808ParamId.SleepReportInterval) out.push({ kind: 'sleep-interval', seconds: p.value });
    else if (p.id === Jt808ParamId.HeartbeatInterval) out.push({ kind: 'heartbeat-interval', seconds: p.value });
    // other parameters are accepted and kept by a real terminal; they change nothing here
  }
  return out;
}

function controlEffect(command: number): TerminalEffect | undefined {
  switch (command) {
    case 3: // power off: back when someone switches it on again
    case 6: // close data link
    case 7: // close all wireless links
      return { kind: 'restart', factoryReset: false, offlineSec: 60 };
    case 4:
      return { kind: 'restart', factoryReset: false, offlineSec: 2 };
    case 5:
      return { kind: 'restart', factoryReset: true, offlineSec: 3 };
    default: // 1 wireless upgrade, 2 connect to another server: not simulated
      return undefined;
  }
}

function encodeParamsAnswer(serial: number, s: { heartbeatSec: number; sleepSec: number; reportSec: number }): Uint8Array {
  const items: [number, number][] = [
    [Jt808ParamId.HeartbeatInterval, s.heartbeatSec],
    [Jt808ParamId.SleepReportInterval, s.sleepSec],
    [Jt808ParamId.DefaultReportInterval, s.reportSec],
  ];
  const out = new Uint8Array(3 + items.length * 9);
  const v = new DataView(out.buffer);
  v.setUint16(0, serial);
  out[2] = items.length;
  items.forEach(([id, value], i) => {
    const p = 3 + i * 9;
    v.setUint32(p, id);
    out[p + 4] = 4;
    v.setUint32(p + 5, Math.round(value));
  });
  return out;
}
