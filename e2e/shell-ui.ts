/** How a user works the shell's header: the sub-application switcher, history tabs, the user menu. */
import type { Locator, Page } from 'playwright-core';
import { shows } from './expect-ui';

const header = (page: Page) => page.locator('header').first();

/** The switcher's list of sub-applications, opened from the header button named 切换子系统. */
export async function openSwitcher(page: Page): Promise<Locator> {
  const menu = page.getByRole('menu');
  await (await shows(header(page).getByRole('button', { name: /^切换子系统/ }), 'the sub-application switcher in the header')).click();
  return shows(menu, 'the sub-application menu of the switcher');
}

/** The titles the switcher offers, in order. */
export async function offeredSubApps(page: Page): Promise<string[]> {
  const menu = await openSwitcher(page);
  await shows(menu.getByRole('menuitemradio'), 'an entry of the switcher');
  const titles = (await menu.getByRole('menuitemradio').allInnerTexts()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  return titles;
}

/**
 * Chooses a sub-application in the header's switcher. Right after login the header may re-render
 * while the menu is open (its entry is then replaced under the pointer); a person would open the
 * switcher again, and so does this, up to three times.
 */
export async function switchSubApp(page: Page, title: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const menu = await openSwitcher(page);
    const entry = await shows(menu.getByRole('menuitemradio', { name: title, exact: true }), `${title} in the switcher`);
    try {
      await entry.click({ timeout: 5000 });
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
      await page.keyboard.press('Escape');
    }
  }
}

/** The history tab of the page shown now (selected in the tab list 历史标签). */
export function currentHistoryTab(page: Page): Locator {
  return page.getByRole('tablist', { name: '历史标签' }).getByRole('tab', { selected: true });
}

/** All history tabs shown now. */
export function historyTabs(page: Page): Locator {
  return page.getByRole('tablist', { name: '历史标签' }).getByRole('tab');
}

/** 退出登录, from whichever header menu holds it (the user menu). */
export async function logout(page: Page): Promise<void> {
  const item = page.getByRole('menuitem', { name: '退出登录' });
  const triggers = header(page).locator('button[aria-haspopup]');
  await shows(triggers, 'a menu button in the header');
  for (let i = (await triggers.count()) - 1; i >= 0; i--) {
    await triggers.nth(i).click();
    try {
      await item.waitFor({ state: 'visible', timeout: 1000 });
      return item.click();
    } catch {
      await page.keyboard.press('Escape');
    }
  }
  throw new Error('no header menu offers 退出登录');
}
