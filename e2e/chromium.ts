/** Debian's Chromium through playwright-core (never a downloaded browser). */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Features of the browser's own window left off. Each new browser context opens a hidden window,
 * and Chromium loads that window's omnibox popup (a chrome:// page in a renderer of its own) at
 * once: about half a second of a core per context, spent while the page under test loads, that a
 * user's browser spent once when its window opened. Chromium keeps only the last
 * --disable-features, so the list repeats playwright-core's own (its chromiumSwitches).
 */
const DISABLED_FEATURES = [
  // playwright-core's
  'AimEnabled', 'AvoidCorsURLLoaderRestartOnRedirect', 'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades', 'LensOverlay', 'MediaRouter', 'NetworkTimeServiceQuerying', 'OptimizationHints', 'PaintHolding', 'PreconnectToSearch', 'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning', 'msEdgeUpdateLaunchServicesPreferredVersion', 'msForceBrowserSignIn',
  // the hidden window's omnibox popup
  'WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI',
];

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}
