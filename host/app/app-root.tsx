import { Suspense } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { BrowserRouter } from 'react-router-dom';
import type { Container } from 'inversify';
import { lazyView } from '../../sdk/react/lazy-view';
import { ServiceProvider, useService } from '../../sdk/react/use-service';
import { DialogService } from '../../sdk/services/dialog-service';
import { SessionService } from '../../sdk/services/session-service';
import { ThemeService } from '../../sdk/services/theme-service';
import { ToastService } from '../../sdk/services/toast-service';
import { toFluentTheme } from '../../core';
import { GuardedRoutes } from '../router/guarded-routes';

const GlobalDialogs = lazyView(() => import('../dialogs/global-dialogs'));
const SessionExpiredDialog = lazyView(() => import('../dialogs/session-expired-dialog'));
const ToastHost = lazyView(() => import('../dialogs/toast-host'));

/** Dialogs load only when needed, so the login page stays light. */
const Overlays = observer(function Overlays() {
  const session = useService(SessionService);
  const dialogs = useService(DialogService);
  const toast = useService(ToastService);
  return (
    <Suspense fallback={null}>
      {session.isLoggedIn && <GlobalDialogs />}
      {dialogs.sessionExpired && <SessionExpiredDialog />}
      {toast.current && <ToastHost />}
    </Suspense>
  );
});

const ThemedApp = observer(function ThemedApp(props: { host?: () => string }) {
  const theme = useService(ThemeService);
  return (
    <FluentProvider theme={toFluentTheme(theme.current)} style={{ height: '100%', background: 'transparent' }}>
      <GuardedRoutes host={props.host} />
      <Overlays />
    </FluentProvider>
  );
});

/** The whole console: services, theme and router. `host` overrides location.host (tests). */
export function AppRoot(props: { container: Container; host?: () => string; router?: 'browser' | 'none' }) {
  const app = <ThemedApp host={props.host} />;
  return <ServiceProvider container={props.container}>{props.router === 'none' ? app : <BrowserRouter>{app}</BrowserRouter>}</ServiceProvider>;
}
