import { createElement } from 'react';
import { lazyView } from '../react/lazy-view';

import type { ProfileInputProps } from './profile-fields/profile-fields-props';
export type { ProfileInputProps } from './profile-fields/profile-fields-props';

const View = lazyView(() => import('./profile-fields/profile-input-view'));

/**
 * One field of an asset's profile (人员, 宠物, 电动车 — see ASSET_KIND_DEFINITIONS) as its type asks:
 * a text box, a choice, a number, a date, or a photo with 上传照片 (type and size checked here and
 * again by the server) and 移除. Loads on demand.
 */
export function ProfileInput(props: ProfileInputProps) {
  return createElement(View, props);
}
