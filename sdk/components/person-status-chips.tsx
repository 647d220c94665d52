import { createElement } from 'react';
import { lazyView } from '../react/lazy-view';

import type { PersonStatusChipsProps } from './person-status/person-status-chips-props';
export type { PersonStatusKey, PersonStatusChipsProps } from './person-status/person-status-chips-props';

const View = lazyView(() => import('./person-status/person-status-chips-view'));

/**
 * A person's status as small chips: 在线/离线, 移动/静止 (speed > 0), SOS (an open SOS alarm), 低电量 (below 20 %),
 * 基站定位/WiFi定位 (an approximate fix, its accuracy as tooltip). Loaded on demand.
 */
export function PersonStatusChips(props: PersonStatusChipsProps) {
  return createElement(View, props);
}
