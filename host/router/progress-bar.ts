import NProgress from 'nprogress';

// Spec §9: minimum 0.3, speed 500 ms, trickle 200 ms.
NProgress.configure({ minimum: 0.3, speed: 500, trickleSpeed: 200, showSpinner: false });

type Step = 'start' | 'done';

/** The steps asked for since the last frame, in order. */
const steps: Step[] = [];
let scheduled = false;

/** The next frame (a timer where the environment has no frames). */
function nextFrame(run: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
  else setTimeout(run, 0);
}

function flush(): void {
  scheduled = false;
  // a frame that comes after the page has gone
  if (typeof document === 'undefined') return void steps.splice(0);
  for (const step of steps.splice(0)) {
    if (step === 'start') NProgress.start();
    else NProgress.done();
  }
}

/**
 * Each step of nprogress reads the bar's size to restart its transition, which makes the browser
 * lay out the whole page there and then. Asked in the middle of a navigation (a page half drawn,
 * a map being built), that was a second layout of a large page within one frame, 30 ms on a map
 * page. The steps are run at the next frame instead, in the order asked, where that layout is the
 * frame's own.
 */
function ask(step: Step): void {
  steps.push(step);
  if (scheduled) return;
  scheduled = true;
  nextFrame(flush);
}

/** The navigation progress bar: started before each navigation, done after it. */
export const progressBar = {
  start(): void {
    ask('start');
  },
  done(): void {
    ask('done');
  },
};
