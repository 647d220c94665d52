import { LEASE_ALARM_TYPES, LEASE_OVERDUE_ALARM, MODULE_ALARM_TYPES } from '@tianlu/sdk';
import { describe, expect, it } from 'vitest';
import { elecLeaseDeclaration, LEASE_OVERDUE_ALARM as DECLARED } from '../elec-lease-declaration';

describe('电动车租赁’s alarm types', () => {
  it('are what the SDK 1.0 exports still say, for plugins built against it', () => {
    expect(LEASE_OVERDUE_ALARM).toEqual(DECLARED);
    expect(LEASE_ALARM_TYPES).toEqual(elecLeaseDeclaration.contributes?.alarmTypes);
    expect(MODULE_ALARM_TYPES).toEqual(elecLeaseDeclaration.contributes?.alarmTypes);
  });
});
