import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { PluginRoute } from '../../sdk/plugin';
import { PageLoading } from '../components/page-loading';

const cache = new WeakMap<NonNullable<PluginRoute['load']>, LazyExoticComponent<ComponentType>>();

/** The lazily loaded page of a route; one React.lazy per loader so pages keep their state. */
export function LazyPage(props: { load: NonNullable<PluginRoute['load']> }) {
  let Page = cache.get(props.load);
  if (!Page) {
    Page = lazy(props.load);
    cache.set(props.load, Page);
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
