import jsQR from 'jsqr';
import { createRequire } from 'node:module';

// pngjs comes with qrcode; it reads the image back into pixels for a QR decoder
const { PNG } = createRequire(import.meta.url)('pngjs') as { PNG: { sync: { read(data: Buffer): { width: number; height: number; data: Buffer } } } };

/** The text a PNG's QR code carries, as a phone scanning it would read it; undefined when none is found. */
export function readQrCode(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}
