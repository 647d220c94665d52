import 'reflect-metadata';
import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import NProgress from 'nprogress';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// nprogress removes its bar on a timer; let it finish before the DOM of this file goes away.
afterAll(async () => {
  if (!document.getElementById('nprogress')) return;
  NProgress.done(true);
  await new Promise((resolve) => setTimeout(resolve, 1200));
});
