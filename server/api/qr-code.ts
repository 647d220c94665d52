import QRCode from 'qrcode';

/** How labels print their QR codes: medium error correction, a two-module margin, 256 px wide. */
const LABEL_QR = { errorCorrectionLevel: 'M' as const, margin: 2, width: 256 };

/** A QR code carrying `text`, as a PNG image. */
export function qrCodePng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...LABEL_QR, type: 'png' });
}

/** A QR code carrying `text`, as a `data:image/png;base64,…` URL a page can show at once. */
export function qrCodeDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, LABEL_QR);
}
