import { describe, expect, it } from 'vitest';
import { fromHex } from './jt808-bcd';
import { type Jt808Frame, decodeFrame, encodeFrame } from './jt808-frame-codec';
import { decodeSetParams } from './jt808-param-codec';
import { Jt808Reassembler } from './jt808-reassembler';
import { loadVectors } from '../testing/jt808-test-vectors';

const hexOf = new Map(loadVectors().map((v) => [v.id, v.hex]));

function vectorFrame(id: string): Jt808Frame {
  const r = decodeFrame(fromHex(hexOf.get(id)!));
  if (!r.ok) throw new Error(r.detail);
  return r.value;
}

function part(serial: number, index: number, total: number, body: number[], phone = '13800000001', msgId = 0x0801): Jt808Frame {
  const r = decodeFrame(encodeFrame({ msgId, phone, serial, edition: '2013', body: Uint8Array.from(body), subpackage: { total, index } }));
  if (!r.ok) throw new Error(r.detail);
  return r.value;
}

describe('Jt808Reassembler', () => {
  it('joins the two 0x1205 packages of the vectors (consecutive serials)', () => {
    const a = vectorFrame('smallchi-1205-subpackage-1of2');
    const b = vectorFrame('smallchi-1205-subpackage-2of2');
    const re = new Jt808Reassembler();
    expect(re.add(a, 0).status).toBe('pending');
    const done = re.add(b, 10);
    if (done.status !== 'complete') throw new Error(done.status);
    expect(done.message.body).toEqual(new Uint8Array([...a.body, ...b.body]));
    expect(done.message.header).toMatchObject({ msgId: 0x1205, phone: '40666575062', subpackage: undefined, bodyLength: 986 });
    expect(done.message.firstSerial).toBe(235);
    expect(re.size).toBe(0);
    expect(re.heldBytes).toBe(0);
  });

  it('joins the 0x0104 device capture whose serials jump (1233, 1250), in both orders', () => {
    const a = vectorFrame('smallchi-0104-merge-1of2');
    const b = vectorFrame('smallchi-0104-merge-2of2');
    for (const order of [[a, b], [b, a]]) {
      const re = new Jt808Reassembler();
      expect(re.add(order[0]!, 0).status).toBe('pending');
      const done = re.add(order[1]!, 1);
      if (done.status !== 'complete') throw new Error(done.status);
      expect(done.message.firstSerial).toBe(1233);
      // 0x0104 body: reply serial WORD, then the same count + parameter list as 0x8103
      const params = decodeSetParams(done.message.body.subarray(2));
      expect(params.ok && params.value.length).toBeGreaterThan(0);
    }
  });

  it('keeps messages of different terminals and ids apart', () => {
    const re = new Jt808Reassembler();
    re.add(part(10, 1, 2, [1], '1'), 0);
    re.add(part(10, 1, 2, [2], '2'), 0);
    re.add(part(10, 1, 2, [3], '1', 0x0802), 0);
    expect(re.size).toBe(3);
    const done = re.add(part(11, 2, 2, [4], '2'), 0);
    expect(done.status === 'complete' && Array.from(done.message.body)).toEqual([2, 4]);
  });

  it('does not let a later message fill an older message’s gap', () => {
    const re = new Jt808Reassembler();
    re.add(part(100, 1, 3, [1]), 0);
    re.add(part(102, 3, 3, [3]), 0); // package 2 (serial 101) lost
    // next message: packages 2 arrives first, serial 104
    expect(re.add(part(104, 2, 3, [0xb2]), 0).status).toBe('pending');
    expect(re.size).toBe(2);
  });

  it('treats a repeated package as the same package', () => {
    const re = new Jt808Reassembler();
    re.add(part(1, 1, 2, [1, 1]), 0);
    re.add(part(1, 1, 2, [1, 1]), 0);
    expect(re.heldBytes).toBe(2);
    const done = re.add(part(2, 2, 2, [2]), 0);
    expect(done.status === 'complete' && Array.from(done.message.body)).toEqual([1, 1, 2]);
  });

  it('drops a message whose next package does not come in time, naming the missing packages', () => {
    const re = new Jt808Reassembler({ timeoutMs: 1000 });
    re.add(part(50, 1, 3, [1]), 0);
    expect(re.expire(1000)).toEqual([]);
    expect(re.expire(1001)).toEqual([{ phone: '13800000001', msgId: 0x0801, firstSerial: 50, missing: [2, 3], reason: 'timeout' }]);
    expect(re.size).toBe(0);
    // expiry also runs on add
    re.add(part(60, 1, 2, [1]), 2000);
    expect(re.add(part(70, 1, 2, [1], '2'), 5000).dropped).toMatchObject([{ firstSerial: 60, reason: 'timeout' }]);
  });

  it('bounds the number of messages and the bytes held', () => {
    const re = new Jt808Reassembler({ maxMessages: 2, maxBytes: 1000 });
    re.add(part(1, 1, 2, [1], '1'), 0);
    re.add(part(1, 1, 2, [1], '2'), 1);
    const third = re.add(part(1, 1, 2, [1], '3'), 2);
    expect(third.dropped).toMatchObject([{ phone: '1', reason: 'evicted' }]);
    expect(re.size).toBe(2);

    const small = new Jt808Reassembler({ maxBytes: 1500 });
    small.add(part(1, 1, 4, new Array(1000).fill(1), '1'), 0);
    const over = small.add(part(1, 1, 4, new Array(1000).fill(2), '2'), 1);
    expect(over.dropped).toMatchObject([{ phone: '1', reason: 'evicted' }]);
    expect(small.heldBytes).toBe(1000);
  });

  it('rejects packages it cannot place', () => {
    const re = new Jt808Reassembler({ maxPackages: 100 });
    expect(re.add(vectorFrame('smallchi-0002-2013'), 0)).toMatchObject({ status: 'rejected', reason: 'not-subpackaged' });
    expect(re.add(part(1, 0, 2, [1]), 0)).toMatchObject({ status: 'rejected', reason: 'bad-index' });
    expect(re.add(part(1, 3, 2, [1]), 0)).toMatchObject({ status: 'rejected', reason: 'bad-index' });
    expect(re.add(part(1, 1, 101, [1]), 0)).toMatchObject({ status: 'rejected', reason: 'too-many-packages' });
    re.add(part(10, 1, 3, [1]), 0);
    expect(re.add(part(11, 2, 4, [1]), 0)).toMatchObject({ status: 'rejected', reason: 'inconsistent-total' });
  });
});
