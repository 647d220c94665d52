import { definePlugin, type MenuContribution, type PluginRoute } from '@tianlu/sdk';

/** Menu ids are resource ids: the same ids are declared in manifest.json, where the server registers them for roles to grant. */
const HELLO_MENU_ID = 9001;

const routes: PluginRoute[] = [
  { path: '/hello/overview', title: '示例', menuId: HELLO_MENU_ID, main: true, load: () => import('./hello-page') },
];

const menus: MenuContribution[] = [{ id: HELLO_MENU_ID, title: '示例', path: '/hello/overview', icon: 'Home' }];

/**
 * 示例插件 (platform 90): a sub-application built outside the console. `vite.config.ts` builds
 * it into one ES module whose react, Fluent UI, MobX and SDK imports the host's import map
 * resolves, so it runs on the host's single instances of each.
 */
export default definePlugin({
  platformId: 90,
  systemId: 'hello',
  title: '示例插件',
  icon: 'Apps',
  basePath: '/hello/',
  routes,
  menus,
});
