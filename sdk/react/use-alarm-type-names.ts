import { useMemo } from 'react';
import { ALARM_TYPE_NAMES } from '../services/alarm-service';
import { useContributions } from './contributed-view';

/**
 * Every alarm type the user may meet by its Chinese name: the platform's own, then those the
 * sub-applications their role is granted contribute (`contributes.alarmTypes` of the manifest, the
 * built-in ones and installed plugins alike). Read it in an `observer` component.
 */
export function useAlarmTypeNames(): Readonly<Record<string, string>> {
  const contributed = useContributions('alarmTypes');
  return useMemo(
    () => (contributed.length ? { ...ALARM_TYPE_NAMES, ...Object.fromEntries(contributed.map((t) => [t.alarmType, t.alarmName])) } : ALARM_TYPE_NAMES),
    [contributed],
  );
}
