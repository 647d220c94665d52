import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../bus/bus-events';
import type { Clock } from '../clock';
import type { Store } from '../store/create-store';
import { AlarmEngine, type AlarmEngineOptions } from './alarm-engine';

export interface StartAlarmEngineOptions {
  store: Store;
  bus: EventBus;
  clock: Clock;
  log: FastifyBaseLogger;
  onError(err: unknown): void;
  /** LATE_ALARM_PUSH_MINUTES: late alarms (补报) this recent are raised to the desk. */
  lateAlarmPushMinutes?: number;
  onAnnounced?: AlarmEngineOptions['onAnnounced'];
}

/**
 * The alarm engine with its offline check running. Its alarms are written with their deliveries
 * (the 告警推送 outbox); the delivery workers (server/notify) send them.
 */
export function startAlarmEngine(opts: StartAlarmEngineOptions): AlarmEngine {
  return new AlarmEngine({
    store: opts.store, bus: opts.bus, clock: opts.clock, onError: opts.onError, onAnnounced: opts.onAnnounced,
    ...(opts.lateAlarmPushMinutes !== undefined && { latePushMs: opts.lateAlarmPushMinutes * 60_000 }),
  }).start();
}
