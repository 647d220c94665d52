/**
 * The alarm types 电动车租赁 declares, apart from the rest of sdk/lease.ts (which re-exports them):
 * the console's alarm service lists them from its start, before any page of 电动车租赁 is opened.
 */
import type { ModuleAlarmType } from './services/alarm-service';

/** 电动车租赁's alarm: a contract past its end day without the e-bike returned (the lease check raises and ends it). */
export const LEASE_OVERDUE_ALARM = {
  alarmType: 'leaseOverdue', alarmName: '租约逾期', defaultEnabled: true, defaultLevel: 'normal', lifecycle: 'condition',
} as const satisfies ModuleAlarmType;

/** The alarm types 电动车租赁 declares. */
export const LEASE_ALARM_TYPES: readonly ModuleAlarmType[] = [LEASE_OVERDUE_ALARM];
