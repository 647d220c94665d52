/**
 * What "usable" means for a console page (bench/page-usable.bench.ts measures it, and
 * bench/page-timeline.ts shows what a page waits for until then).
 */

/** How long the usable state must last before it counts (from its first moment). */
export const QUIET_MS = 300;

/** Why the page in `selector` is not usable yet ('' once it is); evaluated in the page (a string, so no bundler helper leaks in). */
export const notUsable = (selector: string) => `(() => {
  const root = document.querySelector(${JSON.stringify(selector)});
  if (!root) return 'no container';
  if (!root.firstElementChild || !(root.innerText.trim() || root.querySelector('canvas, svg'))) return 'empty';
  if (root.querySelector('[role="progressbar"], .fui-Spinner, [aria-busy="true"]')) return 'loading';
  for (const t of root.querySelectorAll('[role="table"]')) {
    if (!t.querySelector('[role="row"] [role="cell"], [role="row"] [role="gridcell"], .tl-table-empty') && !/暂无/.test(t.parentElement.innerText)) return 'table without rows';
  }
  return '';
})()`;
