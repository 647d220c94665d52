import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** A component whose code loads on first use (see {@link lazyView}). */
export interface LazyView<P> {
  (props: P): ReactNode;
  /** Starts loading the code (e.g. as a page that will show it first renders); resolves once it is loaded. */
  preload(): Promise<void>;
}

/**
 * A component loaded on demand, as React.lazy, without suspending: once its code is loaded it is
 * drawn at once, and until then `fallback` stands in its place and the component is drawn as soon as
 * the code arrives. React holds back what a Suspense boundary reveals after its fallback for up to
 * 300 ms, and a page of nested lazy parts (the page, its monitor, the tree, the map, the table) waited
 * that long at each level. A failed load is thrown to the nearest error boundary (as React.lazy does);
 * the next mount tries again.
 */
export function lazyView<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: ReactNode | ((props: P) => ReactNode) = null): LazyView<P> {
  let component: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = (): Promise<void> => {
    loading ??= load().then(
      (m) => {
        component = m.default;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  function View(props: P): ReactNode {
    const [ready, setReady] = useState(component !== undefined);
    const [failure, setFailure] = useState<{ error: unknown }>();
    // begun as it first renders, not once it is shown
    if (!component && !failure) preload().catch(() => undefined);
    useEffect(() => {
      if (ready) return;
      let current = true;
      preload().then(
        () => current && setReady(true),
        (error: unknown) => current && setFailure({ error }),
      );
      return () => {
        current = false;
      };
    }, [ready]);
    if (failure) throw failure.error;
    if (component) return createElement(component, props);
    return typeof fallback === 'function' ? fallback(props) : fallback;
  }
  return Object.assign(View, { preload });
}
