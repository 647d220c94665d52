import type { MonitorItem } from '../../services/live-service';

/** Which chips `PersonStatusChips` can show. */
export type PersonStatusKey = 'online' | 'offline' | 'moving' | 'still' | 'sos' | 'lowBattery' | 'lbs' | 'wifi';

/** Props of `PersonStatusChips`. */
export interface PersonStatusChipsProps {
  item: Pick<MonitorItem, 'online' | 'alarmFlags' | 'openAlarmTypes' | 'openAlarms' | 'speed' | 'battery' | 'fix' | 'accuracy' | 'expired'>;
  /** Only these chips (e.g. the alerts SOS and 低电量 in a narrow tree row); default all. */
  only?: readonly PersonStatusKey[];
}
