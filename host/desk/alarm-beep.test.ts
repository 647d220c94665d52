import { describe, expect, it } from 'vitest';
import { beepWavDataUrl } from './alarm-beep';

/** The WAV's header fields and its samples (8-bit, 128 is silence). */
function readWav(url: string) {
  const bytes = Uint8Array.from(atob(url.slice(url.indexOf(',') + 1)), (c) => c.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  const text = (at: number, n: number) => String.fromCharCode(...bytes.slice(at, at + n));
  return {
    riff: text(0, 4), wave: text(8, 4), format: view.getUint16(20, true), channels: view.getUint16(22, true),
    rate: view.getUint32(24, true), bits: view.getUint16(34, true), dataSize: view.getUint32(40, true), samples: bytes.slice(44),
  };
}

const loudness = (samples: Uint8Array, from: number, to: number) => Math.max(...samples.slice(from, to).map((s) => Math.abs(s - 128)));

describe('the alarm beep', () => {
  it('is a mono PCM WAV of two tones, 0.15 s each, with silence between them', () => {
    const url = beepWavDataUrl();
    expect(url.startsWith('data:audio/wav;base64,')).toBe(true);
    const wav = readWav(url);
    expect(wav).toMatchObject({ riff: 'RIFF', wave: 'WAVE', format: 1, channels: 1, rate: 8000, bits: 8 });
    expect(wav.samples).toHaveLength(wav.dataSize);
    expect(wav.dataSize / wav.rate).toBeCloseTo(0.41, 2);
    const at = (s: number) => Math.round(s * wav.rate);
    // each tone is heard in its middle, at 30 % of full scale
    expect(loudness(wav.samples, at(0.05), at(0.1))).toBeGreaterThan(30);
    expect(loudness(wav.samples, at(0.3), at(0.35))).toBeGreaterThan(30);
    expect(loudness(wav.samples, 0, wav.samples.length)).toBeLessThanOrEqual(39);
    // quiet between the tones and after the second
    expect(loudness(wav.samples, at(0.16), at(0.24))).toBe(0);
    expect(loudness(wav.samples, at(0.41) - 20, wav.samples.length)).toBe(0);
  });
});
