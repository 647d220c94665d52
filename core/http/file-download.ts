const EXPORT_FRAME_ID = 'tianlu-export-frame';

/** Navigates a hidden iframe to `src` so the browser downloads the file without leaving the page. */
export function navigateHiddenFrame(doc: Document, src: string): HTMLIFrameElement {
  let frame = doc.getElementById(EXPORT_FRAME_ID) as HTMLIFrameElement | null;
  if (!frame) {
    frame = doc.createElement('iframe');
    frame.id = EXPORT_FRAME_ID;
    frame.style.display = 'none';
    doc.body.appendChild(frame);
  }
  frame.src = src;
  return frame;
}

/** Saves a blob as `fileName` through an object URL and a temporary `<a download>`. */
export function saveBlob(win: Window, blob: Blob, fileName: string): void {
  const urls = (win as Window & { URL?: typeof URL }).URL ?? URL;
  const href = urls.createObjectURL(blob);
  const a = win.document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.style.display = 'none';
  win.document.body.appendChild(a);
  a.click();
  a.remove();
  // Some browsers read the URL after click returns.
  setTimeout(() => urls.revokeObjectURL(href), 1000);
}

/** Text of a blob-ish answer (Blob, ArrayBuffer, string or already parsed JSON). */
export async function readText(data: unknown): Promise<string> {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    if (typeof data.text === 'function') return data.text();
    return readWithFileReader(data);
  }
  return JSON.stringify(data ?? null);
}

/** Older engines (and jsdom) have no Blob.text(). */
function readWithFileReader(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
