import type { PluginRoute } from '../../sdk/plugin';

/** Paths the shell itself owns; every other route comes from a plugin. */
export const HostPaths = {
  login: '/login',
  reload: '/reload',
  checkLogin: '/checkLogin',
  notFound: '/404',
  home: '/home',
} as const;

/** The shell's own routes (spec §2), all loaded on demand. */
export const hostRoutes: PluginRoute[] = [
  {
    path: HostPaths.reload,
    name: 'reload',
    title: '重新加载',
    showLayout: false,
    load: () => import('../pages/reload-page'),
  },
  {
    path: HostPaths.checkLogin,
    name: 'checkLogin',
    title: '登录检查',
    ignoreAuth: false,
    showLayout: false,
    load: () => import('../pages/check-login-page'),
  },
  {
    path: HostPaths.notFound,
    title: '404',
    main: true,
    load: () => import('../pages/not-found-page'),
  },
  {
    path: HostPaths.login,
    name: 'Login',
    title: '登录',
    ignoreAuth: false,
    showLayout: false,
    // the page with the newer form's code in (see newLoginFormLoaded)
    load: () => import('../pages/login/login-page').then(async (page) => (await page.newLoginFormLoaded, page)),
  },
];
