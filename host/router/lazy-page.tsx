import { Suspense, type ComponentType } from 'react';
import type { PluginRoute } from '../../sdk/plugin';
import { lazyView } from '../../sdk/react/lazy-view';
import { PageLoading } from '../components/page-loading';

const cache = new WeakMap<NonNullable<PluginRoute['load']>, ComponentType>();

/**
 * The lazily loaded page of a route; one loader's page is one component, so pages keep their state.
 * The page is drawn as soon as its code is in (see lazyView); the boundary shows 加载中 for anything
 * in the page that still suspends.
 */
export function LazyPage(props: { load: NonNullable<PluginRoute['load']> }) {
  let Page = cache.get(props.load);
  if (!Page) {
    Page = lazyView(props.load, <PageLoading />);
    cache.set(props.load, Page);
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
