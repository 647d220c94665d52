import NProgress from 'nprogress';

// Spec §9: minimum 0.3, speed 500 ms, trickle 200 ms.
NProgress.configure({ minimum: 0.3, speed: 500, trickleSpeed: 200, showSpinner: false });

/** The navigation progress bar: started before each navigation, done after it. */
export const progressBar = {
  start(): void {
    NProgress.start();
  },
  done(): void {
    NProgress.done();
  },
};
