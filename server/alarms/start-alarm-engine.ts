import type { FastifyBaseLogger } from 'fastify';
import { LogSmsProvider } from '../auth/sms-provider';
import type { EventBus } from '../bus/bus-events';
import type { Clock } from '../clock';
import type { Store } from '../store/create-store';
import { AlarmEngine } from './alarm-engine';
import { AlarmPushDispatcher, LogMailProvider } from './alarm-push';
import { mergePushSettings } from './alarm-push-settings';

export interface StartAlarmEngineOptions {
  store: Store;
  bus: EventBus;
  clock: Clock;
  log: FastifyBaseLogger;
  onError(err: unknown): void;
  /** LATE_ALARM_PUSH_MINUTES: late alarms (补报) this recent are raised to the desk. */
  lateAlarmPushMinutes?: number;
}

/**
 * The alarm engine with its push dispatcher (webhook, and e-mail and SMS through the development
 * providers that write to the server log), its offline check running.
 */
export function startAlarmEngine(opts: StartAlarmEngineOptions): AlarmEngine {
  const log = opts.log.child({ component: 'alarms' });
  const push = new AlarmPushDispatcher({
    settings: async (tenantId) => mergePushSettings(await opts.store.alarms.settings.push(tenantId)),
    mail: new LogMailProvider(log),
    sms: new LogSmsProvider(log),
    log,
  });
  return new AlarmEngine({
    store: opts.store, bus: opts.bus, clock: opts.clock, push, onError: opts.onError,
    ...(opts.lateAlarmPushMinutes !== undefined && { latePushMs: opts.lateAlarmPushMinutes * 60_000 }),
  }).start();
}
