import { Suspense, type ComponentType } from 'react';
import type { PluginRoute } from '../../sdk/plugin';
import { lazyView, type LazyView } from '../../sdk/react/lazy-view';
import { PageLoading } from '../components/page-loading';

type PageLoad = NonNullable<PluginRoute['load']>;

const cache = new WeakMap<PageLoad, LazyView<object>>();

/** The one component of a loader's page (so pages keep their state), drawn as soon as its code is in (see lazyView). */
function pageView(load: PageLoad): LazyView<object> {
  let Page = cache.get(load);
  if (!Page) {
    Page = lazyView(load as () => Promise<{ default: ComponentType<object> }>, <PageLoading />);
    cache.set(load, Page);
  }
  return Page;
}

/**
 * Loads a route's page code into the component {@link LazyPage} draws, so a page whose code is in
 * is drawn with the layout in one pass rather than as 加载中 first. Never rejects: a failed load is
 * thrown where the page is drawn (to its error boundary), as before.
 */
export function preloadPage(load: PageLoad): Promise<void> {
  return pageView(load)
    .preload()
    .catch(() => undefined);
}

/**
 * The lazily loaded page of a route. The boundary shows 加载中 for anything in the page that still
 * suspends.
 */
export function LazyPage(props: { load: PageLoad }) {
  const Page = pageView(props.load);
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
