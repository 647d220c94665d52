/** The alarm desk and the controls over a map, as the layout scenarios see them. */
import type { Locator, Page } from 'playwright-core';
import { shows } from './expect-ui';

/** Opens or closes the alarm desk with the header's 告警 button. */
export async function setDesk(page: Page, open: boolean): Promise<void> {
  const toggle = await shows(page.locator('header').getByRole('button', { name: /^告警栏/ }), 'the header’s 告警 button');
  if ((await toggle.getAttribute('aria-expanded')) !== String(open)) await toggle.click();
  const desk = page.getByRole('complementary', { name: '告警栏' });
  if (open) await shows(desk, 'the alarm desk');
  else await desk.waitFor({ state: 'hidden' });
}

/**
 * The controls over `map` (zoom buttons, attribution links, the toolbar and its buttons, a card's
 * buttons, the legend) that something else covers: the element the browser finds at a control's
 * centre is neither the control nor inside it, or the control overlaps `card` (a panel over the
 * map, e.g. the selected person's card) anywhere. Each as "control → what covers it"; none when
 * all are clear.
 */
export async function coveredMapControls(map: Locator, card?: Locator): Promise<string[]> {
  const panel = card ? await card.elementHandle() : null;
  return map.evaluate((root, panel) => {
    const names = (els: (Element | null | undefined)[]) =>
      els.map((x) => (x ? (x.getAttribute('aria-label') || (x as HTMLElement).innerText || x.getAttribute('title') || x.className.toString()).trim().replace(/\s+/g, ' ').slice(0, 30) : ''));
    const covered: string[] = [];
    const box = panel?.getBoundingClientRect();
    const controls = root.querySelectorAll('button, a[href], [role="button"], .leaflet-control, [data-testid="monitor-count"], .tl-map-legend');
    for (const el of Array.from(controls)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || !el.checkVisibility({ checkVisibilityCSS: true })) continue;
      if (panel && box && !panel.contains(el) && r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom) {
        const [what, over] = names([el, panel]);
        covered.push(`${what} → 与「${over}」重叠`);
        continue;
      }
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (top && (top === el || el.contains(top))) continue;
      const [what, over] = names([el, top]);
      covered.push(`${what} → ${top ? `${top.tagName.toLowerCase()}「${over}」` : '窗口外'}`);
    }
    return covered;
  }, panel);
}
