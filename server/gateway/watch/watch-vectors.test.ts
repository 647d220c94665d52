import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { watchProtocol } from './watch-protocol';
import { watchSummary } from '../testing/watch-vector-summary';

interface Vector {
  id: string;
  source: string;
  frame?: string;
  hex?: string;
  sourceAsserts: string;
  expect: Record<string, unknown>;
}

const vectors = JSON.parse(readFileSync(new URL('./testdata/watch-vectors.json', import.meta.url), 'utf8')) as Vector[];
const bytesOf = (v: Vector) => (v.hex ? Buffer.from(v.hex, 'hex') : Buffer.from(v.frame!, 'latin1'));

describe('watch-protocol frames from public test suites', () => {
  it('has the frames of traccar\'s watch decoder test', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(40);
  });

  for (const v of vectors) {
    it(`${v.id} (${v.sourceAsserts})`, () => {
      const result = watchProtocol.decode(bytesOf(v), {});
      if (!result.ok) throw new Error(`${result.reason}: ${result.detail}`);
      expect(watchSummary(result.message)).toEqual(v.expect);
      if (v.sourceAsserts.startsWith('verifyPosition')) {
        expect(result.message.fixes.some((f) => f.lat !== undefined && f.lon !== undefined), 'the source decodes a position').toBe(true);
      }
      const explicit = /^verifyPosition:(.+),(true|false),(.+),(.+)$/.exec(v.sourceAsserts);
      if (explicit) {
        const fix = result.message.fixes[0]!;
        expect(fix.time.toISOString()).toBe(new Date(explicit[1]!).toISOString());
        expect(fix.valid).toBe(explicit[2] === 'true');
        expect(fix.lat).toBeCloseTo(Number(explicit[3]), 5);
        expect(fix.lon).toBeCloseTo(Number(explicit[4]), 5);
      }
      const temp = /^verifyAttribute:temp1=(.+)$/.exec(v.sourceAsserts);
      if (temp) expect(result.message.readings?.temperature).toBe(Number(temp[1]));
    });
  }

  it('cuts every text vector out of one stream, and the voice frame with its binary bytes by its length', () => {
    const stream = Buffer.concat(vectors.map(bytesOf));
    const splitter = watchProtocol.createSplitter();
    const frames = [...stream].reduce<Uint8Array[]>((acc, _b, i, all) => (i % 97 === 0 ? [...acc, ...splitter.push(Uint8Array.from(all.slice(i, i + 97))).frames] : acc), []);
    expect(frames.map((f) => Buffer.from(f).toString('hex'))).toEqual(vectors.map((v) => bytesOf(v).toString('hex')));
  });
});
