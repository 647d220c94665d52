// Node's WHATWG TextDecoder reads GBK; for the way out we invert its table once instead of
// pulling in a dependency, so both directions agree byte for byte.
const decoder = new TextDecoder('gbk');
let encodeTable: Map<string, number> | undefined;

/** Decodes GBK bytes (text fields, plates, SMS text). */
export function decodeGbk(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** Encodes a string as GBK; characters GBK cannot express become '?'. */
export function encodeGbk(text: string): Uint8Array {
  const table = (encodeTable ??= buildEncodeTable());
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) {
      out.push(code);
      continue;
    }
    const pair = table.get(ch);
    if (pair === undefined) out.push(0x3f);
    else out.push(pair >>> 8, pair & 0xff);
  }
  return Uint8Array.from(out);
}

function buildEncodeTable(): Map<string, number> {
  const table = new Map<string, number>();
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      pair[0] = lead;
      pair[1] = trail;
      const ch = decoder.decode(pair);
      if (ch.length === 1 && ch !== '\ufffd' && !table.has(ch)) table.set(ch, (lead << 8) | trail);
    }
  }
  return table;
}

/** Decodes GBK text and removes 0x00 and space padding on either side. */
export function decodeTrimmedText(bytes: Uint8Array): string {
  return decodeGbk(bytes).replace(/^[\0 ]+|[\0 ]+$/g, '');
}

/**
 * Decodes a fixed-width text field and removes its padding: 0x00 and spaces on either side,
 * and ASCII '0' left-padding — but only when what follows is not a digit (or nothing follows),
 * so a numeric id such as '0567872' keeps its zero while '000Koike002' becomes 'Koike002'.
 */
export function decodePaddedText(bytes: Uint8Array): string {
  const text = decodeTrimmedText(bytes);
  const zeros = /^0+/.exec(text)?.[0].length ?? 0;
  if (zeros === 0) return text;
  const next = text.charAt(zeros);
  return next === '' || !/\d/.test(next) ? text.slice(zeros).replace(/^[\0 ]+/, '') : text;
}
