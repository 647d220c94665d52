import { matchPath } from 'react-router-dom';
import type { PluginRoute } from '../../sdk/plugin';

/** The first route whose path matches `pathname` exactly (trailing slash tolerated). */
export function matchRoute(routes: readonly PluginRoute[], pathname: string): PluginRoute | undefined {
  return routes.find((r) => matchPath({ path: r.path, end: true, caseSensitive: false }, pathname) !== null);
}

/**
 * Whether a route draws the layout: known routes do unless their meta says otherwise, or the page
 * was opened on its own with `urlType=blank` (e.g. 轨迹回放 in a new tab).
 */
export function showsLayout(route: PluginRoute | undefined, search = ''): boolean {
  return route !== undefined && route.showLayout !== false && new URLSearchParams(search).get('urlType') !== 'blank';
}
