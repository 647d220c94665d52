import { createElement, lazy, Suspense } from 'react';
import type { MonitorItem } from '../services/live-service';

/** Which chips {@link PersonStatusChips} can show. */
export type PersonStatusKey = 'online' | 'offline' | 'moving' | 'still' | 'sos' | 'lowBattery' | 'lbs' | 'wifi';

/** Props of {@link PersonStatusChips}. */
export interface PersonStatusChipsProps {
  item: Pick<MonitorItem, 'online' | 'alarmFlags' | 'openAlarmTypes' | 'openAlarms' | 'speed' | 'battery' | 'fix' | 'accuracy' | 'expired'>;
  /** Only these chips (e.g. the alerts SOS and 低电量 in a narrow tree row); default all. */
  only?: readonly PersonStatusKey[];
}

const View = lazy(() => import('./person-status/person-status-chips-view'));

/**
 * A person's status as small chips: 在线/离线, 移动/静止 (speed > 0), SOS (an open SOS alarm), 低电量 (below 20 %),
 * 基站定位/WiFi定位 (an approximate fix, its accuracy as tooltip). Loaded on demand.
 */
export function PersonStatusChips(props: PersonStatusChipsProps) {
  return createElement(Suspense, { fallback: null }, createElement(View, props));
}
