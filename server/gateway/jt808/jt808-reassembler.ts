import type { Jt808Frame, Jt808Header } from './jt808-frame-codec';

/** Limits of a {@link Jt808Reassembler}. */
export interface Jt808ReassemblerOptions {
  /** A message whose next package does not arrive within this long is dropped. Default 60 s. */
  timeoutMs?: number;
  /** Most messages in flight at once; the oldest is dropped beyond it. Default 32. */
  maxMessages?: number;
  /** Most packages one message may announce. Default 1024 (about 1 MB). */
  maxPackages?: number;
  /** Most body bytes held across all messages; the oldest is dropped beyond it. Default 4 MiB. */
  maxBytes?: number;
}

/** A message put back together from its packages. */
export interface Jt808ReassembledMessage {
  /** Header of package 1 with `subpackage` cleared and `bodyLength` the joined length (`attributes` stay as sent). */
  header: Jt808Header;
  /** Serial of package 1: what 0x8003 retransmission requests refer to. */
  firstSerial: number;
  body: Uint8Array;
}

/** A message given up on; `missing` lists the package indexes never received (for 0x8003). */
export interface Jt808DroppedMessage {
  phone: string;
  msgId: number;
  firstSerial: number;
  missing: number[];
  reason: 'timeout' | 'evicted';
}

/** Outcome of {@link Jt808Reassembler.add}. */
export type Jt808ReassemblyResult =
  | { status: 'complete'; message: Jt808ReassembledMessage; dropped: Jt808DroppedMessage[] }
  | { status: 'pending'; dropped: Jt808DroppedMessage[] }
  | { status: 'rejected'; reason: 'not-subpackaged' | 'bad-index' | 'too-many-packages' | 'inconsistent-total'; dropped: Jt808DroppedMessage[] };

interface Group {
  key: string;
  phone: string;
  msgId: number;
  firstSerial: number;
  total: number;
  parts: Map<number, Jt808Frame>;
  bytes: number;
  touched: number;
}

/**
 * Collects sub-packaged frames (attributes bit 13) until every package of a message is there.
 * Packages are matched by terminal + message id + first serial (serial − index + 1). Some
 * terminals number packages with gaps in the serial; such a package joins the only open message
 * of that terminal and id with the same total that still lacks its index. Pure apart from the
 * clock, which the caller passes in; memory is bounded by the options.
 */
export class Jt808Reassembler {
  private readonly groups = new Map<string, Group>();
  private bytes = 0;
  private readonly timeoutMs: number;
  private readonly maxMessages: number;
  private readonly maxPackages: number;
  private readonly maxBytes: number;

  constructor(options: Jt808ReassemblerOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxMessages = options.maxMessages ?? 32;
    this.maxPackages = options.maxPackages ?? 1024;
    this.maxBytes = options.maxBytes ?? 4 * 1024 * 1024;
  }

  /** Messages in flight. */
  get size(): number {
    return this.groups.size;
  }

  /** Body bytes held. */
  get heldBytes(): number {
    return this.bytes;
  }

  /** Adds one package; `now` is the caller's clock in ms. */
  add(frame: Jt808Frame, now: number): Jt808ReassemblyResult {
    const dropped = this.expire(now);
    const { header } = frame;
    const sub = header.subpackage;
    if (!sub) return { status: 'rejected', reason: 'not-subpackaged', dropped };
    if (sub.total < 1 || sub.index < 1 || sub.index > sub.total) return { status: 'rejected', reason: 'bad-index', dropped };
    if (sub.total > this.maxPackages) return { status: 'rejected', reason: 'too-many-packages', dropped };

    const firstSerial = (header.serial - sub.index + 1 + 0x10000) & 0xffff;
    const key = `${header.phone}/${header.msgId}/${firstSerial}`;
    let group = this.groups.get(key) ?? this.findGapped(header, sub.total, sub.index);
    if (group && group.total !== sub.total) return { status: 'rejected', reason: 'inconsistent-total', dropped };
    if (!group) {
      group = { key, phone: header.phone, msgId: header.msgId, firstSerial, total: sub.total, parts: new Map(), bytes: 0, touched: now };
      this.groups.set(key, group);
    }
    const previous = group.parts.get(sub.index);
    if (previous) this.account(group, -previous.body.length);
    group.parts.set(sub.index, frame);
    this.account(group, frame.body.length);
    group.touched = now;
    // refresh insertion order so eviction drops the least recently active message
    this.groups.delete(group.key);
    this.groups.set(group.key, group);

    if (group.parts.size === group.total) {
      this.remove(group);
      return { status: 'complete', message: assemble(group), dropped };
    }
    dropped.push(...this.enforceLimits(group));
    return { status: 'pending', dropped };
  }

  /** Drops messages idle longer than the timeout and returns them. */
  expire(now: number): Jt808DroppedMessage[] {
    const out: Jt808DroppedMessage[] = [];
    for (const group of [...this.groups.values()]) {
      if (now - group.touched > this.timeoutMs) out.push(this.drop(group, 'timeout'));
    }
    return out;
  }

  private findGapped(header: Jt808Header, total: number, index: number): Group | undefined {
    let match: Group | undefined;
    for (const g of this.groups.values()) {
      if (g.phone !== header.phone || g.msgId !== header.msgId || g.total !== total || g.parts.has(index)) continue;
      if (!inSerialOrder(g, header.serial, index)) continue;
      if (match) return undefined; // ambiguous: better to wait than to splice two messages
      match = g;
    }
    return match;
  }

  private enforceLimits(keep: Group): Jt808DroppedMessage[] {
    const out: Jt808DroppedMessage[] = [];
    for (const g of [...this.groups.values()]) {
      if (this.groups.size <= this.maxMessages && this.bytes <= this.maxBytes) break;
      if (g !== keep) out.push(this.drop(g, 'evicted'));
    }
    if (this.bytes > this.maxBytes) out.push(this.drop(keep, 'evicted'));
    return out;
  }

  private drop(group: Group, reason: Jt808DroppedMessage['reason']): Jt808DroppedMessage {
    this.remove(group);
    const missing: number[] = [];
    for (let i = 1; i <= group.total; i++) if (!group.parts.has(i)) missing.push(i);
    return { phone: group.phone, msgId: group.msgId, firstSerial: group.firstSerial, missing, reason };
  }

  private remove(group: Group): void {
    this.groups.delete(group.key);
    this.bytes -= group.bytes;
  }

  private account(group: Group, delta: number): void {
    group.bytes += delta;
    this.bytes += delta;
  }
}

/** Serials must grow with the index, by at least one per package, so a later message never fills an older gap. */
function inSerialOrder(group: Group, serial: number, index: number): boolean {
  for (const [i, part] of group.parts) {
    const ds = ((serial - part.header.serial + 0x18000) & 0xffff) - 0x8000;
    const di = index - i;
    if (Math.sign(ds) !== Math.sign(di) || Math.abs(ds) < Math.abs(di)) return false;
  }
  return true;
}

function assemble(group: Group): Jt808ReassembledMessage {
  const body = new Uint8Array(group.bytes);
  let p = 0;
  for (let i = 1; i <= group.total; i++) {
    const part = group.parts.get(i)!.body;
    body.set(part, p);
    p += part.length;
  }
  const first = group.parts.get(1)!.header;
  return {
    header: { ...first, subpackage: undefined, bodyLength: body.length },
    firstSerial: first.serial,
    body,
  };
}
