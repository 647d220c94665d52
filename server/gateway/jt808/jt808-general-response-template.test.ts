import { describe, expect, it } from 'vitest';
import { encodeFrame } from './jt808-frame-codec';
import { encodeGeneralResponse } from './jt808-general-response-codec';
import { Jt808GeneralResponseTemplate, type Jt808ResponseAddress } from './jt808-general-response-template';
import { Jt808MsgId } from './jt808-msg-id';

const addresses: Jt808ResponseAddress[] = [
  { phoneBcd: '013800000001', edition: '2013', protocolVersion: undefined },
  { phoneBcd: '00000000013800000001', edition: '2019', protocolVersion: 1 },
  { phoneBcd: '019912345678', edition: '2019', protocolVersion: 2 },
];

describe('Jt808GeneralResponseTemplate', () => {
  it('encodes the same bytes as encodeFrame (serials holding 0x7e/0x7d included), answer after answer', () => {
    for (const address of addresses) {
      const template = new Jt808GeneralResponseTemplate(address);
      for (const [serial, replySerial, replyMsgId, result] of [
        [0, 0, 0x0200, 0], [0x7e7d, 0x7d7e, 0x0704, 1], [0xffff, 0x007e, 0x0200, 3], [5, 6, 0x0002, 0],
      ] as const) {
        const expected = encodeFrame({
          msgId: Jt808MsgId.PlatformGeneralResponse, phone: address.phoneBcd, serial, edition: address.edition,
          protocolVersion: address.protocolVersion ?? 1, body: encodeGeneralResponse({ replySerial, replyMsgId, result }),
        });
        expect([...template.encode(serial, replySerial, replyMsgId, result)]).toEqual([...expected]);
      }
    }
  });

  it('fits only the address it was built for', () => {
    const template = new Jt808GeneralResponseTemplate(addresses[0]!);
    expect(template.fits({ ...addresses[0]! })).toBe(true);
    expect(template.fits(addresses[1]!)).toBe(false);
  });
});
