import { useEffect, useState, type ComponentType } from 'react';
import { observer } from 'mobx-react-lite';
import { lazyView } from '../../../sdk/react/lazy-view';
import { useService } from '../../../sdk/react/use-service';
import { ConfigService } from '../../../sdk/services/config-service';
import { PageLoading } from '../../components/page-loading';
import { LoginKitContext } from './login-kit';
import { usesLegacyLogin } from './login-paths';
import { useServiceLoginKit } from './service-login-kit';

const NewLoginPage = lazyView(async (): Promise<{ default: ComponentType }> => ({ default: (await import('./new-login-page')).NewLoginPage }), <PageLoading />);
const LegacyLoginPage = lazyView(async (): Promise<{ default: ComponentType }> => ({ default: (await import('./legacy-login-page')).LegacyLoginPage }), <PageLoading />);

/**
 * The newer form's code, asked for as this module is first run (index.html has it preloaded): the
 * /login route waits for it, so the form is drawn at once rather than after 加载中. Never rejects;
 * a failed load shows where the form is drawn.
 */
export const newLoginFormLoaded: Promise<void> = NewLoginPage.preload().catch(() => undefined);

/** /login: the older page for the legacy hosts, the newer one everywhere else. */
const LoginPage = observer(function LoginPage(props: { hostname?: string }) {
  const config = useService(ConfigService);
  const kit = useServiceLoginKit();
  const [settled, setSettled] = useState(config.loaded);
  useEffect(() => {
    if (!config.loaded) void config.load().catch(() => undefined).finally(() => setSettled(true));
  }, [config]);
  // A config that cannot be read falls back to the newer page.
  if (!config.loaded && !settled) return <PageLoading />;
  const legacy = usesLegacyLogin(props.hostname ?? window.location.hostname, config.loaded ? config.config.legacyLoginHosts : []);
  return <LoginKitContext.Provider value={kit}>{legacy ? <LegacyLoginPage /> : <NewLoginPage />}</LoginKitContext.Provider>;
});
export default LoginPage;
