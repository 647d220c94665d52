/** A person's status as chips: pure, over {@link MonitorItem}. */
import type { MonitorItem } from '../../services/live-service';
import type { PersonStatusKey } from './person-status-chips-props';

/** A person (staff badge) below this charge is shown 低电量, %. */
export const LOW_BATTERY_PERCENT = 20;
/** Alarm word bit 0 (JT/T 808 紧急报警; a badge's SOS button). */
const SOS_FLAG = 1;

/** An SOS open on the person (until handled); items of servers that do not say read the latest report's SOS bit. */
function sosOpen(item: Pick<MonitorItem, 'alarmFlags' | 'openAlarmTypes' | 'openAlarms'>): boolean {
  if (item.openAlarms !== undefined) return item.openAlarmTypes?.includes('sos') === true;
  return (item.alarmFlags & SOS_FLAG) !== 0;
}

/** One small status chip of a person: 在线/离线, 移动/静止, SOS, 低电量, 基站定位/WiFi定位. */
export interface PersonStatusChip {
  key: PersonStatusKey;
  label: string;
  /** danger: SOS; warning: 低电量; success: 在线/移动; neutral: the rest. */
  tone: 'danger' | 'warning' | 'success' | 'neutral';
  /** Tooltip, e.g. the accuracy of an approximate fix. */
  title?: string;
}

/**
 * A person's status as chips: 在线 or 离线; while online 移动 (speed > 0) or 静止; SOS while an SOS
 * alarm is open (until handled); 低电量 below {@link LOW_BATTERY_PERCENT}; 基站定位 / WiFi定位 for an approximate fix.
 * None for an asset whose service ran out (its data is withheld).
 */
export function personStatus(item: Pick<MonitorItem, 'online' | 'alarmFlags' | 'openAlarmTypes' | 'openAlarms' | 'speed' | 'battery' | 'fix' | 'accuracy' | 'expired'>): PersonStatusChip[] {
  if (item.expired) return [];
  const chips: PersonStatusChip[] = [item.online ? { key: 'online', label: '在线', tone: 'success' } : { key: 'offline', label: '离线', tone: 'neutral' }];
  if (item.online) chips.push((item.speed ?? 0) > 0 ? { key: 'moving', label: '移动', tone: 'success' } : { key: 'still', label: '静止', tone: 'neutral' });
  if (sosOpen(item)) chips.push({ key: 'sos', label: 'SOS', tone: 'danger', title: '紧急报警未解除' });
  if (item.battery !== undefined && item.battery < LOW_BATTERY_PERCENT) chips.push({ key: 'lowBattery', label: '低电量', tone: 'warning', title: `电量 ${Math.round(item.battery)}%` });
  const accuracy = item.accuracy === undefined ? '' : `，精度 ±${Math.round(item.accuracy)} m`;
  if (item.fix === 'lbs') chips.push({ key: 'lbs', label: '基站定位', tone: 'neutral', title: `基站定位${accuracy}` });
  if (item.fix === 'wifi') chips.push({ key: 'wifi', label: 'WiFi定位', tone: 'neutral', title: `WiFi 定位${accuracy}` });
  return chips;
}
