import type { ModuleAlarmType } from './services/alarm-service';

/**
 * 电动车租赁's alarm: a contract past its end day without the e-bike returned (the lease check raises
 * and ends it).
 * @deprecated 电动车租赁 declares it in its `contributes.alarmTypes` (a test holds the two equal); read a
 * sub-application's alarm types from `useAlarmTypeNames()`. Kept for plugins built against SDK 1.0.
 */
export const LEASE_OVERDUE_ALARM = {
  alarmType: 'leaseOverdue', alarmName: '租约逾期', defaultEnabled: true, defaultLevel: 'normal', lifecycle: 'condition',
} as const satisfies ModuleAlarmType;

/**
 * The alarm types 电动车租赁 declares.
 * @deprecated Read the alarm types of the sub-applications a user may enter from `useAlarmTypeNames()` or the
 * manifest's `contributes.alarmTypes`; kept for plugins built against SDK 1.0.
 */
export const LEASE_ALARM_TYPES: readonly ModuleAlarmType[] = [LEASE_OVERDUE_ALARM];

/**
 * The alarm types the built-in sub-applications declared in SDK 1.0.
 * @deprecated Alarm types are contributions now (`contributes.alarmTypes`): read them with `useAlarmTypeNames()`;
 * kept for plugins built against SDK 1.0.
 */
export const MODULE_ALARM_TYPES: readonly ModuleAlarmType[] = LEASE_ALARM_TYPES;
