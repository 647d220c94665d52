import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './jt808-bcd';
import { decodeFrame, encodeFrame } from './jt808-frame-codec';
import { Jt808FrameSplitter, splitJt808Frames } from './jt808-frame-splitter';
import { loadVectors } from '../testing/jt808-test-vectors';

const vectors = loadVectors();

/** Feeds `stream` cut at `cuts` and returns every frame's decode outcome, plus any fault. */
function run(stream: Uint8Array, cuts: number[]) {
  const splitter = new Jt808FrameSplitter();
  const outcomes: string[] = [];
  let fault: string | undefined;
  const points = [...new Set(cuts.map((c) => c % (stream.length + 1)))].sort((a, b) => a - b);
  let prev = 0;
  for (const p of [...points, stream.length]) {
    const r = splitter.push(stream.subarray(prev, p));
    prev = p;
    fault ??= r.fault;
    for (const f of r.frames) {
      const d = decodeFrame(f);
      outcomes.push(d.ok ? `ok:${toHex(f)}` : `refused:${d.reason}`);
    }
  }
  return { outcomes, fault };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

describe('Jt808FrameSplitter', () => {
  const frames = vectors.map((v) => fromHex(v.hex));
  const expected = frames.map((f) => {
    const d = decodeFrame(f);
    return d.ok ? `ok:${toHex(f)}` : `refused:${d.reason}`;
  });

  it('gives every vector its own outcome when all 97 arrive in one read', () => {
    expect(run(concat(frames), [])).toEqual({ outcomes: expected, fault: undefined });
    expect(expected.filter((e) => e.startsWith('refused'))).toHaveLength(6);
  });

  it('gives the same outcomes however the stream is cut into reads', () => {
    const stream = concat(frames);
    fc.assert(
      fc.property(fc.array(fc.nat({ max: stream.length }), { maxLength: 200 }), (cuts) => {
        expect(run(stream, cuts)).toEqual({ outcomes: expected, fault: undefined });
      }),
      { numRuns: 200 },
    );
  });

  it('survives one byte per read', () => {
    const stream = concat(frames);
    expect(run(stream, Array.from({ length: stream.length }, (_, i) => i))).toEqual({ outcomes: expected, fault: undefined });
  });

  it('handles a shared delimiter, doubled delimiters and junk between frames', () => {
    const a = encodeFrame({ msgId: 2, phone: '1', serial: 1, edition: '2013' });
    const b = encodeFrame({ msgId: 2, phone: '1', serial: 2, edition: '2013' });
    const shared = concat([a, b.subarray(1)]);
    expect(splitJt808Frames(shared).frames.map(toHex)).toEqual([toHex(a), toHex(b)]);
    const doubled = concat([a, Uint8Array.of(0x7e, 0x7e), b]);
    expect(splitJt808Frames(doubled).frames.map(toHex)).toEqual([toHex(a), toHex(b)]);
    const junk = concat([a, fromHex('0102037e'), b]);
    const out = run(junk, []).outcomes;
    expect(out).toEqual([`ok:${toHex(a)}`, 'refused:truncated-header', `ok:${toHex(b)}`]);
  });

  it('discards bytes before the first delimiter and keeps an unfinished frame', () => {
    const a = encodeFrame({ msgId: 2, phone: '1', serial: 1, edition: '2013' });
    const r = splitJt808Frames(concat([fromHex('474554'), a, a.subarray(0, 5)]));
    expect(r.discarded).toBe(3);
    expect(r.frames).toHaveLength(1);
    expect(toHex(r.rest)).toBe(toHex(a.subarray(0, 5)));
  });

  it('reports a garbage stream (no delimiter within a frame’s worth of bytes) and stays closed', () => {
    const s = new Jt808FrameSplitter();
    const http = new TextEncoder().encode('GET / HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(20));
    expect(s.push(http).fault).toBeUndefined();
    let fault: string | undefined;
    for (let i = 0; i < 5 && !fault; i++) fault = s.push(http).fault;
    expect(fault).toBe('garbage');
    expect(s.push(encodeFrame({ msgId: 2, phone: '1', serial: 1, edition: '2013' }))).toEqual({ frames: [], fault: 'garbage' });
  });

  it('reports an oversized frame before buffering without bound', () => {
    const s = new Jt808FrameSplitter();
    const good = encodeFrame({ msgId: 2, phone: '1', serial: 1, edition: '2013' });
    const first = s.push(concat([good, Uint8Array.of(0x7e), new Uint8Array(1000).fill(0x30)]));
    expect(first.frames).toHaveLength(1);
    expect(first.fault).toBeUndefined();
    expect(s.buffered).toBe(1001);
    expect(s.push(new Uint8Array(1200).fill(0x30)).fault).toBe('oversized');
    expect(s.fault).toBe('oversized');
    expect(s.buffered).toBe(0);
  });

  it('passes the largest legal frame (every byte escaped)', () => {
    const big = encodeFrame({ msgId: 0x0801, phone: '1', serial: 0x7e7e, edition: '2019', body: new Uint8Array(1023).fill(0x7d), subpackage: { total: 0x7e, index: 0x7d } });
    const s = new Jt808FrameSplitter();
    const r = s.push(big);
    expect(r.fault).toBeUndefined();
    expect(r.frames).toHaveLength(1);
    expect(decodeFrame(r.frames[0]!).ok).toBe(true);
  });
});
