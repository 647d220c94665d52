import type { AlarmLiveEvent } from './services/alarm-service';
import type { CommandLiveEvent } from './services/command-api';
import type { ExportReadyLiveEvent, MonitorItem } from './services/live-service';

/**
 * The messages of the live channel (`/ws`, docs/api-contract.md "Positions and live channel"),
 * one discriminated union per direction, shared by the server's live channel and the console's
 * live service.
 */

/**
 * The streams a socket chooses. Alarms, commands, export notices and online transitions always
 * come; positions (the `snapshot`, then `positions`) only while subscribed.
 */
export interface LiveStreams {
  positions: boolean;
}

/**
 * What the console sends: the session first, then a keep-alive now and then. `auth` may choose the
 * streams at once (no `positions`: subscribed, as for clients that never choose); `subscribe`
 * changes them later: subscribing sends a fresh `snapshot`, unsubscribing stops `positions`.
 */
export type LiveClientMessage =
  | ({ type: 'auth'; sessionId: string; userId: number | string | undefined } & Partial<LiveStreams>)
  | ({ type: 'subscribe' } & LiveStreams)
  | { type: 'ping' };

/** Every message the server sends. */
export type LiveServerMessage =
  /** The session was accepted; the snapshot follows when positions are subscribed. */
  | { type: 'ready' }
  | { type: 'pong' }
  /** Every asset the user may see, with its latest position: these are all there is (each time positions are subscribed). */
  | { type: 'snapshot'; list: MonitorItem[] }
  /** Assets whose latest position or state changed (while positions are subscribed). */
  | { type: 'positions'; list: MonitorItem[] }
  /** A terminal's connection came up or went down (ISO time of the transition). */
  | { type: 'online'; terminalNo: string; online: boolean; at: string }
  /** The session is not (or no longer) valid: flag 4010, the socket closes. */
  | { type: 'error'; flag: number; msg: string }
  | ({ type: 'alarm' } & AlarmLiveEvent)
  | ({ type: 'command' } & CommandLiveEvent)
  | ({ type: 'exportReady' } & ExportReadyLiveEvent);

/** The `type`s of the server's messages. */
export type LiveServerMessageType = LiveServerMessage['type'];
