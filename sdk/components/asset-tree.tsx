import { createElement } from 'react';
import { lazyView } from '../react/lazy-view';

import type { AssetTreeProps } from './asset-tree/asset-tree-props';
export type { AssetTreeProps } from './asset-tree/asset-tree-props';

const loadView = () => import('./asset-tree/asset-tree-view');
const View = lazyView(loadView);

/** Starts loading the tree's code, for a page that shows one. */
export function preloadAssetTree(): void {
  void loadView().catch(() => undefined);
}

/**
 * The asset tree: vehicle groups with counts 全部/在线/离线/报警, a status filter and a search by plate
 * or terminal number; checkboxes choose what the map shows. The list is windowed, so 10,000
 * vehicles cost a screenful of rows. Loaded on demand.
 */
export function AssetTree(props: AssetTreeProps) {
  return createElement(View, props);
}
