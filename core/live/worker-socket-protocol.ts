import type { LiveServerMessage } from '../../sdk/live-messages';
import type { MonitorItem } from '../../sdk/services/live-service';

/** A part of a large snapshot the worker cut: the first carries `keep`, every terminalNo of the whole snapshot. */
export type SnapshotPart = Extract<LiveServerMessage, { type: 'snapshot' }> & { keep?: string[] };

/** Messages between {@link WorkerWebSocket} and the live socket worker. */
export type WorkerSocketCommand = { op: 'open'; url: string } | { op: 'send'; data: string } | { op: 'close'; code?: number; reason?: string };

/**
 * What the worker reports. `data` is the server's text as received, or — for a large positions
 * or snapshot message — the message parsed and cut into parts of at most {@link POSITION_PART}
 * items: a snapshot's first part carries `keep` (every terminalNo of the snapshot), the other
 * parts are positions messages.
 */
export type WorkerSocketEvent = { ev: 'open' } | { ev: 'message'; data: unknown } | { ev: 'close'; code: number; reason: string } | { ev: 'error' };

/** Text messages at least this long are parsed in the worker. */
export const LARGE_MESSAGE_CHARS = 32 * 1024;
/** Items per part of a large positions message. */
export const POSITION_PART = 1000;

/**
 * What the worker hands the page for one server message: the text itself when it is small or not
 * positions, otherwise the parsed message in parts (see {@link WorkerSocketEvent}).
 */
export function messageParts(data: unknown): unknown[] {
  if (typeof data !== 'string' || data.length < LARGE_MESSAGE_CHARS) return [data];
  let msg: { type?: unknown; list?: unknown };
  try {
    msg = JSON.parse(data) as typeof msg;
  } catch {
    return [data];
  }
  const list = msg?.list;
  if ((msg?.type !== 'positions' && msg?.type !== 'snapshot') || !Array.isArray(list)) return [msg];
  const items = list as MonitorItem[];
  const keep = msg.type === 'snapshot' ? items.map((i) => i.terminalNo) : undefined;
  const parts: (SnapshotPart | LiveServerMessage)[] = [];
  for (let at = 0; at === 0 || at < items.length; at += POSITION_PART) {
    const part = items.slice(at, at + POSITION_PART);
    parts.push(at === 0 && keep ? { type: 'snapshot', list: part, keep } : { type: 'positions', list: part });
  }
  return parts;
}
