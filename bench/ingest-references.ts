/**
 * The two references the ingest figure is read against, measured in the same run: (a) the
 * gateway's per-frame CPU work on the same 0x0200 frames, in memory; (b) the same rows written
 * straight into the store through its own batch writer, without gateway or sockets.
 */
import {
  Jt808FrameSplitter, Jt808MsgId, decodeFrame, decodeTerminalMessage, encodeFrame,
} from '../server/gateway/jt808/index';
import type { PositionRow } from '../server/gateway/gateway-ports';
import { toPositionRow } from '../server/gateway/position-row-mapper';
import { phoneAt } from '../server/sim/index';
import type { Store } from '../server/store/create-store';
import { defaultPosition, reportBody } from './jt808-load-generator';

/** One frame per terminal, as the lean generator sends them. */
function frames(terminals: number, startPhone: string, fixBaseMs: number): Uint8Array[] {
  return Array.from({ length: terminals }, (_, i) => encodeFrame({
    msgId: Jt808MsgId.Location, phone: phoneAt(startPhone, i), serial: i & 0xffff, edition: '2013',
    body: reportBody(defaultPosition(i), fixBaseMs),
  }));
}

const IDENTITY = { terminalId: 0, tenantId: 0, authCode: '' };

/**
 * (a) Frames/s on one core for what the gateway does per report before storage: split the byte
 * stream, check and unescape the frame, decode the 0x0200 body, map it to a store row.
 */
export function measureDecode(terminals: number, startPhone: string, fixBaseMs: number, seconds: number): { framesPerSecond: number; frames: number; seconds: number } {
  const pool = frames(terminals, startPhone, fixBaseMs);
  const splitter = new Jt808FrameSplitter();
  let done = 0;
  let sink = 0;
  const run = (until: number) => {
    while (performance.now() < until) {
      for (let i = 0; i < 1000; i++) {
        const raw = pool[done++ % pool.length]!;
        for (const frame of splitter.push(raw).frames) {
          const f = decodeFrame(frame);
          if (!f.ok) throw new Error(`reference frame refused: ${f.reason}`);
          const m = decodeTerminalMessage(f.value);
          if (!m.ok || m.value.type !== 'location') throw new Error('reference 0x0200 refused');
          sink += toPositionRow(m.value.value, { terminalNo: f.value.header.phone, identity: IDENTITY, receivedTime: new Date(), backfill: false }).lon;
        }
      }
    }
  };
  run(performance.now() + 300); // warm the JIT
  done = 0;
  const t0 = performance.now();
  run(t0 + seconds * 1000);
  const elapsed = (performance.now() - t0) / 1000;
  if (!(sink > 0)) throw new Error('decode reference produced nothing');
  return { framesPerSecond: done / elapsed, frames: done, seconds: elapsed };
}

/**
 * (b) Rows/s through `store.positions.writeBatch` with the batcher's largest batch (1000 rows)
 * and its two overlapping commits, for `seconds`. Fix times start at `fixBaseMs` and move one
 * second per pass over the fleet, so every row is new (none is skipped as a resend).
 */
export async function measureStoreInserts(
  store: Store, fleet: { tenantId: number; terminalIds: number[] }, startPhone: string, fixBaseMs: number, seconds: number,
): Promise<{ rowsPerSecond: number; rows: number; seconds: number; batchSize: number; inFlight: number }> {
  const batchSize = 1000;
  const inFlight = 2;
  const pool = frames(fleet.terminalIds.length, startPhone, fixBaseMs);
  const template: PositionRow[] = pool.map((raw, i) => {
    const f = decodeFrame(raw);
    const m = f.ok ? decodeTerminalMessage(f.value) : undefined;
    if (!f.ok || !m?.ok || m.value.type !== 'location') throw new Error('reference 0x0200 refused');
    const identity = { terminalId: fleet.terminalIds[i], tenantId: fleet.tenantId, authCode: '' };
    return toPositionRow(m.value.value, { terminalNo: f.value.header.phone, identity, receivedTime: new Date(), backfill: false });
  });
  let next = 0;
  const batch = (): PositionRow[] => {
    const rows: PositionRow[] = [];
    for (let i = 0; i < batchSize; i++, next++) {
      const row = template[next % template.length]!;
      const pass = Math.floor(next / template.length);
      rows.push({ ...row, deviceTime: new Date(fixBaseMs + pass * 1000), receivedTime: new Date() });
    }
    return rows;
  };
  await store.positions.writeBatch(batch()); // partition and plan caches warm
  let rows = 0;
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  await Promise.all(Array.from({ length: inFlight }, async () => {
    while (performance.now() < until) {
      const b = batch();
      await store.positions.writeBatch(b);
      rows += b.length;
    }
  }));
  const elapsed = (performance.now() - t0) / 1000;
  return { rowsPerSecond: rows / elapsed, rows, seconds: elapsed, batchSize, inFlight };
}
