import { useEffect, useMemo, useRef, useState } from 'react';
import type { Container } from 'inversify';
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

/** The guards of the address the console opens at, begun before it is first drawn. */
interface FirstNavigation {
  guard: NavigationGuard;
  pathname: string;
  result: Promise<GuardResult>;
  /** Set once the guards decided (with the layout in, for a logged-in user). */
  settled?: GuardResult;
}

const firstNavigations = new WeakMap<Container, FirstNavigation>();

/** The guards' decision on `pathname`; a logged-in user's layout loads while they run, not after them, and is drawn with the page. */
function decide(guard: NavigationGuard, pathname: string, session: SessionService): Promise<GuardResult> {
  const layout = session.isLoggedIn ? MainLayout.preload().catch(() => undefined) : undefined;
  return Promise.all([guard.resolve(pathname), layout]).then(([result]) => result);
}

/**
 * How long the first render waits for the guards of the opening address. With the start data and
 * the route's code in the page they decide within it, and the first render draws the page (the
 * start page shows its own 加载中 meanwhile) instead of drawing 加载中 and then the page; guards that
 * wait for the network are decided while the shell draws.
 */
export const FIRST_RENDER_WAIT_MS = 300;

/**
 * Runs the guards of the address the console opens at before its first render. Resolves once they
 * decided, or after FIRST_RENDER_WAIT_MS: a page whose guards need nothing more from the server
 * (the login form; a logged-in user's page with its start data in the page) is then drawn by the
 * first render, not after 加载中. The {@link GuardedRoutes} of `container` takes it over.
 */
export function beginFirstNavigation(container: Container, pathname: string, host: () => string = () => window.location.host): Promise<void> {
  const guard = new NavigationGuard(container, host);
  const first: FirstNavigation = { guard, pathname, result: decide(guard, pathname, container.get<SessionService>(SessionService)) };
  firstNavigations.set(container, first);
  const decided = first.result.then(
    (result) => void (first.settled = result),
    () => undefined,
  );
  return Promise.race([decided, new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]);
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
  // the address the console opened at, when its guards were begun before the first render
  const [first] = useState(() => {
    const begun = firstNavigations.get(container);
    return begun?.pathname === location.pathname ? { begun, location } : undefined;
  });
  const guard = useMemo(() => first?.begun.guard ?? new NavigationGuard(container, props.host ?? (() => window.location.host)), [first, container, props.host]);
  const [approved, setApproved] = useState<Approved | undefined>(() => {
    const settled = first?.begun.settled;
    return settled && settled.kind !== 'redirect' ? { location: first.location, result: settled } : undefined;
  });
  // what the first render drew (its guards decided before it)
  const drawnFirst = useRef(approved);

  useEffect(() => {
    nav.attach?.((path, options) => navigate(path, options), location.pathname + location.search);
  }, [nav, navigate, location.pathname, location.search]);

  useEffect(() => {
    const drawn = drawnFirst.current;
    if (location === drawn?.location) {
      if (drawn.result.kind === 'pass') afterNavigation(container, drawn.result.route, location.pathname, location.search);
      return;
    }
    let current = true;
    progressBar.start();
    const decided = location === first?.location ? first.begun.result : decide(guard, location.pathname, session);
    decided
      .then((result) => {
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
  }, [guard, container, navigate, location, session, first]);

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
