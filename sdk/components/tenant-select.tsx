import { createElement } from 'react';
import { lazyView } from '../react/lazy-view';

import type { TenantSelectProps } from './tenant-select/tenant-select-props';
export type { TenantSelectProps } from './tenant-select/tenant-select-props';
export { orderTenants } from './tenant-select/tenant-select-props';

const View = lazyView(() => import('./tenant-select/tenant-select-view'));

/** A tenant picker (a labelled select), indented by the hierarchy. Loads on demand, so the SDK entry stays light. */
export function TenantSelect(props: TenantSelectProps) {
  return createElement(View, props);
}
