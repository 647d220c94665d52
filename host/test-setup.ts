import 'reflect-metadata/lite'; // the edition inversify loads itself: one copy in the bundle
import { afterAll, afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import NProgress from 'nprogress';

// A worker runs file after file in one document (vitest.config.ts: isolate false). Each file starts
// as a fresh page would: at /, with nothing left in the body (a dialog's portal) or in storage. The
// styles in the head stay: Fluent UI inserts each rule once per document and does not insert it again.
document.body.replaceChildren();
window.history.replaceState(null, '', '/');
localStorage.clear();
sessionStorage.clear();

// jsdom has no layout, so no ResizeObserver; Fluent UI components that measure themselves need one.
if (!('ResizeObserver' in window)) {
  class NoLayoutResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.assign(globalThis, { ResizeObserver: NoLayoutResizeObserver });
  Object.assign(window, { ResizeObserver: NoLayoutResizeObserver });
}

// findBy… and waitFor wait for what a page shows after its server answers. The limit is only a ceiling
// for a page that never shows it: on a busy two-core machine (the suite runs files in parallel beside
// PostgreSQL) a page can take many seconds, and a test must not fail for being slow. Tests name no
// limits of their own.
configure({ asyncUtilTimeout: 30_000 });

// jsdom has no canvas: say so quietly (null, as a browser without 2D canvas) instead of logging "not implemented".
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// nprogress runs its bar on timers that can outlive the DOM of a test file: the bar is ended after the
// last test, and a removal that comes after jsdom is gone does nothing instead of throwing.
const removeBar = NProgress.remove.bind(NProgress);
NProgress.remove = () => {
  if (typeof document !== 'undefined') removeBar();
};
afterAll(() => {
  if (NProgress.isStarted()) NProgress.done(true);
});
