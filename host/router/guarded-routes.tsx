import { useEffect, useMemo, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate, type Location } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import type { PluginRoute } from '../../sdk/plugin';
import { lazyView } from '../../sdk/react/lazy-view';
import { PluginScope } from '../../sdk/react/plugin-scope';
import { useContainer, useService } from '../../sdk/react/use-service';
import { PluginScopes } from '../../core/plugin/plugin-scopes';
import { NavigationService } from '../../sdk/services/navigation-service';
import { SessionService } from '../../sdk/services/session-service';
import { PageLoading } from '../components/page-loading';
import type { RouterNavigationService } from '../app/router-navigation-service';
import { afterNavigation } from './after-navigation';
import { HostPaths } from './host-routes';
import { LazyPage } from './lazy-page';
import { NavigationGuard, type GuardResult } from './navigation-guard';
import { progressBar } from './progress-bar';
import { showsLayout } from './route-matcher';

const loadMainLayout = () => import('../layout/main-layout');
const MainLayout = lazyView(loadMainLayout, <PageLoading />);
const NoPermissionPage = lazyView(() => import('../pages/no-permission-page'), <PageLoading />);
const PluginFailedPage = lazyView(() => import('../pages/plugin-failed-page'), <PageLoading />);

/** A plugin's page, in its plugin's scope (its own services and who it is) when the route is a plugin's. */
function ScopedPage(props: { route: PluginRoute; load: NonNullable<PluginRoute['load']>; scopes: PluginScopes }) {
  const page = <LazyPage load={props.load} />;
  const scope = props.scopes.scopeOf(props.route);
  return scope ? (
    <PluginScope plugin={scope.plugin} container={scope.container}>
      {page}
    </PluginScope>
  ) : (
    page
  );
}

interface Approved {
  location: Location;
  result: Exclude<GuardResult, { kind: 'redirect' }>;
}

/**
 * Runs the guards before each navigation and renders the last approved location, so a page
 * only appears once its guards passed. The layout wraps known layout routes of a logged-in user.
 */
export const GuardedRoutes = observer(function GuardedRoutes(props: { host?: () => string }) {
  const container = useContainer();
  const session = useService(SessionService);
  const scopes = useService(PluginScopes);
  const nav = useService(NavigationService) as Partial<RouterNavigationService>;
  const location = useLocation();
  const navigate = useNavigate();
  const guard = useMemo(() => new NavigationGuard(container, props.host ?? (() => window.location.host)), [container, props.host]);
  const [approved, setApproved] = useState<Approved>();

  useEffect(() => {
    nav.attach?.((path, options) => navigate(path, options), location.pathname + location.search);
  }, [nav, navigate, location.pathname, location.search]);

  useEffect(() => {
    let current = true;
    progressBar.start();
    // a logged-in user's layout loads while the guards run, not after them, and is drawn with the page
    const layout = session.isLoggedIn ? MainLayout.preload().catch(() => undefined) : undefined;
    Promise.all([guard.resolve(location.pathname), layout])
      .then(([result]) => {
        if (!current) return;
        if (result.kind === 'redirect') return navigate(result.to, { replace: true });
        if (result.kind === 'pass') afterNavigation(container, result.route, location.pathname, location.search);
        setApproved({ location, result });
      })
      .catch((e: unknown) => {
        console.error('[tianlu] navigation failed', e);
        if (current) navigate(HostPaths.reload, { replace: true });
      })
      .finally(() => progressBar.done());
    return () => {
      current = false;
    };
  }, [guard, container, navigate, location, session]);

  if (!approved) return <PageLoading />;
  const { result } = approved;
  const content =
    result.kind === 'forbidden' ? (
      <NoPermissionPage />
    ) : result.kind === 'failed' ? (
      <PluginFailedPage title={result.title} error={result.error} />
    ) : (
      <Routes location={approved.location}>
        {guard.routes().map((r) => (
          <Route key={r.path} path={r.path} element={r.load ? <ScopedPage route={r} load={r.load} scopes={scopes} /> : <Navigate to={r.redirect ?? HostPaths.notFound} replace />} />
        ))}
        <Route path="*" element={<Navigate to={HostPaths.notFound} replace />} />
      </Routes>
    );
  if (!showsLayout(result.route, approved.location.search) || !session.isLoggedIn) return content;
  return <MainLayout route={result.route}>{content}</MainLayout>;
});
