import { LatencyHistogram, type LatencySnapshot } from './latency-histogram';
import type { PositionBatcherStats } from './position-batcher';

/** What `gateway.metrics()` returns: a point-in-time copy, safe to serialise. */
export interface GatewayMetricsSnapshot {
  /** Open TCP connections. */
  connections: number;
  /** Authenticated terminals with a live connection. */
  terminalsOnline: number;
  framesReceived: number;
  /** Frames refused by decodeFrame (bad check code, bad escape, length mismatch …). */
  badFrames: number;
  /** Connections closed because their byte stream was not the port's protocol (garbage, oversized frame). */
  streamFaults: number;
  /** Bytes between frames that could not start one, skipped while resynchronising. */
  bytesSkipped: number;
  /** Devices refused because the directory does not know them (auto-registration off). */
  devicesRefused: number;
  /** Connections refused because their source address already held GATEWAY_MAX_CONNECTIONS_PER_ADDRESS. */
  connectionsRefused: number;
  /** Connections closed because they had not identified within GATEWAY_IDENTIFY_SECONDS. */
  identifyTimeouts: number;
  /** Logins refused because the terminal logged in more than GATEWAY_LOGIN_RATE_LIMIT times in a minute. */
  loginsThrottled: number;
  /** Logins refused because the terminal's live connection from another address was still reporting (设备冒用嫌疑). */
  takeoversRefused: number;
  /** Positions committed by the sink. */
  positionsStored: number;
  /** Positions refused before storage (invalid coordinates or time, unauthenticated sender). */
  positionsRejected: number;
  /** Positions whose commit failed (left unacknowledged so the terminal resends). */
  positionsFailed: number;
  /** Platform general responses (0x8001) written. */
  acksSent: number;
  /** Time from receiving a location frame to writing its ack. */
  ackLatencyMs: LatencySnapshot;
  batcher: PositionBatcherStats;
  /** Whether socket reading is paused by back-pressure. */
  readingPaused: boolean;
}

/** The gateway's mutable counters. */
export class GatewayCounters {
  framesReceived = 0;
  badFrames = 0;
  streamFaults = 0;
  bytesSkipped = 0;
  devicesRefused = 0;
  connectionsRefused = 0;
  identifyTimeouts = 0;
  loginsThrottled = 0;
  takeoversRefused = 0;
  positionsStored = 0;
  positionsRejected = 0;
  positionsFailed = 0;
  acksSent = 0;
  readonly ackLatency = new LatencyHistogram();
}

/** Builds the snapshot from the counters and the live figures. */
export function gatewayMetricsSnapshot(
  counters: GatewayCounters,
  live: { connections: number; terminalsOnline: number; batcher: PositionBatcherStats },
): GatewayMetricsSnapshot {
  return {
    connections: live.connections,
    terminalsOnline: live.terminalsOnline,
    framesReceived: counters.framesReceived,
    badFrames: counters.badFrames,
    streamFaults: counters.streamFaults,
    bytesSkipped: counters.bytesSkipped,
    devicesRefused: counters.devicesRefused,
    connectionsRefused: counters.connectionsRefused,
    identifyTimeouts: counters.identifyTimeouts,
    loginsThrottled: counters.loginsThrottled,
    takeoversRefused: counters.takeoversRefused,
    positionsStored: counters.positionsStored,
    positionsRejected: counters.positionsRejected,
    positionsFailed: counters.positionsFailed,
    acksSent: counters.acksSent,
    ackLatencyMs: counters.ackLatency.snapshot(),
    batcher: live.batcher,
    readingPaused: live.batcher.paused,
  };
}
