import { describe, expect, it } from 'vitest';
import {
  Jt808MsgId, decodeGeneralResponse, decodeLocationQueryResponse, encodeLocation, encodeSetParams, encodeTerminalControl,
  encodeVehicleControl,
} from '../gateway/jt808/index';
import { QUERY_PARAMS_RESPONSE, VEHICLE_CONTROL_RESPONSE, answerPlatformCommand } from './platform-command-answer';

const loc = encodeLocation({ latitude: 39.9, longitude: 116.4, gpsTime: Date.UTC(2026, 0, 1), statusFlags: 3 });
const ctx = (edition: '2013' | '2019', reply0500 = false) => ({
  edition,
  locationBody: () => loc,
  settings: () => ({ heartbeatSec: 60, sleepSec: 300, reportSec: 30 }),
  vehicleControlReply0500: reply0500,
});
const result = (a: ReturnType<typeof answerPlatformCommand>) => {
  const d = decodeGeneralResponse(a.replies[0]!.body);
  return d.ok ? d.value : undefined;
};

describe('answerPlatformCommand', () => {
  it('answers unknown commands with result 3 and malformed bodies with result 2', () => {
    expect(result(answerPlatformCommand(0x8f51, 9, new Uint8Array(), ctx('2013')))).toEqual({ replySerial: 9, replyMsgId: 0x8f51, result: 3 });
    expect(result(answerPlatformCommand(Jt808MsgId.SetParams, 4, Uint8Array.of(2, 0, 0), ctx('2013')))?.result).toBe(2);
  });

  it('turns 0x8103 report/sleep/heartbeat intervals into effects', () => {
    const body = encodeSetParams([
      { id: 0x0029, type: 'dword', value: 10 },
      { id: 0x0027, type: 'dword', value: 120 },
      { id: 0x0001, type: 'dword', value: 45 },
      { id: 0x0013, type: 'string', value: 'gw.example.cn' },
    ]);
    const a = answerPlatformCommand(Jt808MsgId.SetParams, 1, body, ctx('2019'));
    expect(result(a)?.result).toBe(0);
    expect(a.effects).toEqual([
      { kind: 'report-interval', seconds: 10 }, { kind: 'sleep-interval', seconds: 120 }, { kind: 'heartbeat-interval', seconds: 45 },
    ]);
  });

  it('restarts on 0x8105 reset and factory reset, refuses upgrade', () => {
    expect(answerPlatformCommand(Jt808MsgId.TerminalControl, 1, encodeTerminalControl({ command: 4 }), ctx('2013')).effects[0])
      .toEqual({ kind: 'restart', factoryReset: false, offlineSec: 2 });
    expect(answerPlatformCommand(Jt808MsgId.TerminalControl, 1, encodeTerminalControl({ command: 5 }), ctx('2013')).effects[0])
      .toMatchObject({ kind: 'restart', factoryReset: true });
    expect(result(answerPlatformCommand(Jt808MsgId.TerminalControl, 1, encodeTerminalControl({ command: 1, params: 'x' }), ctx('2013')))?.result).toBe(3);
  });

  it('reads the door from both editions of 0x8500 and can add a 0x0500 with the door bit', () => {
    const a13 = answerPlatformCommand(Jt808MsgId.VehicleControl, 5, encodeVehicleControl({ doorLocked: true }, '2013'), ctx('2013', true));
    expect(a13.effects).toEqual([{ kind: 'door', locked: true }]);
    expect(a13.replies.map((r) => r.msgId)).toEqual([Jt808MsgId.TerminalGeneralResponse, VEHICLE_CONTROL_RESPONSE]);
    const r = decodeLocationQueryResponse(a13.replies[1]!.body);
    expect(r.ok && r.value.location.ok && r.value.location.value.statusFlags & 0x1000).toBe(0x1000);
    const a19 = answerPlatformCommand(Jt808MsgId.VehicleControl, 5, encodeVehicleControl({ doorLocked: false }, '2019'), ctx('2019'));
    expect(a19.effects).toEqual([{ kind: 'door', locked: false }]);
    expect(a19.replies).toHaveLength(1);
  });

  it('cuts and restores oil and power from either edition of 0x8500 without touching the door', () => {
    for (const edition of ['2013', '2019'] as const) {
      const cut = answerPlatformCommand(Jt808MsgId.VehicleControl, 6, encodeVehicleControl({ oilPowerCut: true }, edition), ctx(edition));
      expect(result(cut)).toEqual({ replySerial: 6, replyMsgId: 0x8500, result: 0 });
      expect(cut.effects).toEqual([{ kind: 'oil-power', cut: true }]);
      const restore = answerPlatformCommand(Jt808MsgId.VehicleControl, 7, encodeVehicleControl({ oilPowerCut: false }, edition), ctx(edition));
      expect(restore.effects).toEqual([{ kind: 'oil-power', cut: false }]);
    }
  });

  it('answers 0x8104 with 0x0104 listing the intervals', () => {
    const a = answerPlatformCommand(Jt808MsgId.QueryParams, 3, new Uint8Array(), ctx('2013'));
    expect(a.replies[0]!.msgId).toBe(QUERY_PARAMS_RESPONSE);
    expect(Array.from(a.replies[0]!.body.subarray(0, 3))).toEqual([0, 3, 3]);
  });
});
