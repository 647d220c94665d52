import { Jt808GeneralResult, type Jt808BatchLocation, type Jt808Decoded, type Jt808Location } from './index';
import type { Jt808Connection, Jt808InboundMessage, Jt808Session } from './jt808-connection';
import type { Jt808HandlerContext } from './jt808-handler-context';
import type { PositionRow } from '../gateway-ports';
import { toPositionRow } from '../position-row-mapper';

/**
 * Queues the valid positions of one message for storage and acknowledges (0x8001) them only
 * after their batch committed; a failed commit leaves them unacknowledged so the terminal
 * resends. A message without a single valid position is answered with failure at once.
 */
export function storePositions(
  ctx: Jt808HandlerContext, conn: Jt808Connection, msg: Jt808InboundMessage, session: Jt808Session,
  positions: readonly Jt808Decoded<Jt808Location>[], backfill: boolean,
): void {
  const rows = validRows(ctx, msg, session, positions, backfill);
  if (rows.length === 0) {
    conn.ack(msg.header, msg.ackSerials, Jt808GeneralResult.Failure);
    return;
  }
  // a callback, not a promise: this runs for every report, and the batcher settles a whole batch at once
  ctx.batcher.enqueue(rows, (failure) => {
    if (failure) {
      ctx.counters.positionsFailed += rows.length;
      ctx.log.warn({ err: failure.error, terminalNo: session.terminalNo, count: rows.length }, 'jt808 positions not committed; left unacknowledged');
      return;
    }
    ctx.counters.positionsStored += rows.length;
    conn.ack(msg.header, msg.ackSerials, Jt808GeneralResult.Success);
    ctx.counters.ackLatency.record(performance.now() - msg.receivedAt);
  });
}

/** 0x0704: a regular batch (type 0) or a blind-area backfill (type 1), acknowledged as one. */
export function storeBatch(
  ctx: Jt808HandlerContext, conn: Jt808Connection, msg: Jt808InboundMessage, session: Jt808Session, batch: Jt808BatchLocation,
): void {
  if (batch.issue) ctx.log.info({ terminalNo: session.terminalNo, issue: batch.issue }, 'jt808 batch upload irregular');
  storePositions(ctx, conn, msg, session, batch.positions, batch.batchType === 1);
}

/** 0x0201 answers a query: its position is stored like any other, but nothing is acknowledged. */
export function storeQueriedPosition(ctx: Jt808HandlerContext, msg: Jt808InboundMessage, session: Jt808Session, row: PositionRow): void {
  ctx.batcher.add([row]).then(
    () => (ctx.counters.positionsStored += 1),
    (err: unknown) => {
      ctx.counters.positionsFailed += 1;
      ctx.log.warn({ err, terminalNo: session.terminalNo, serial: msg.header.serial }, 'jt808 queried position not committed');
    },
  );
}

function validRows(
  ctx: Jt808HandlerContext, msg: Jt808InboundMessage, session: Jt808Session,
  positions: readonly Jt808Decoded<Jt808Location>[], backfill: boolean,
): PositionRow[] {
  const rows: PositionRow[] = [];
  for (const p of positions) {
    if (!p.ok) {
      ctx.counters.positionsRejected++;
      ctx.log.info({ terminalNo: session.terminalNo, reason: p.reason, detail: p.detail }, 'jt808 position refused');
      continue;
    }
    rows.push(toPositionRow(p.value, { terminalNo: session.terminalNo, identity: session.identity, receivedTime: msg.receivedTime, backfill }));
  }
  return rows;
}
