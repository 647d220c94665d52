import { createRoot, type Root } from 'react-dom/client';
import { FluentProvider } from '@fluentui/react-components';
import { BootData } from '../../core/boot/boot-data';
import { applyBranding } from '../../core/branding/apply-branding';
import { toFluentTheme } from '../../core/theme/fluent-theme';
import { applyThemeVariables, themeOf } from '../../core/theme/theme-definitions';
import type { BrandingInfo } from '../../sdk/services/branding-service';
import { computePageScale } from '../../sdk/services/page-scale-service';
import { StorageKeys } from '../../sdk/services/storage-service';
import { LoginKitContext } from '../pages/login/login-kit';
import { HOME_PATH } from '../pages/login/login-paths';
import { NewLoginPage } from '../pages/login/new-login-page';
import { documentLoginKit, storedValue } from './document-login-kit';

/** Publishes the page scale as the console does (app/page-scale-binding.ts), until the returned function stops it. */
function followPageScale(window: Window): () => void {
  const root = window.document.documentElement;
  const update = () => {
    const value = String(Number(computePageScale(window.innerWidth, window.innerHeight).toFixed(4)));
    root.dataset.pageScale = value;
    root.style.setProperty('--page-scale', value);
  };
  update();
  window.addEventListener('resize', update);
  return () => window.removeEventListener('resize', update);
}

/**
 * The login document: a visitor's /login with the newer form, its branding and theme, drawn with
 * React and Fluent UI alone (see main.tsx). Once the user is logged in, the address becomes /home
 * and the console starts in the same page, taking the form down as it draws its first page.
 */
export function startLoginDocument(window: Window, element: HTMLElement): Root {
  const boot = BootData.fromDocument(window.document);
  const branding = boot.branding<BrandingInfo>(window.location.host)?.obj;
  if (branding) applyBranding(window.document, branding);
  const theme = themeOf(storedValue(window.localStorage, StorageKeys.themeValue));
  applyThemeVariables(window.document.documentElement.style, theme);
  const stopScaling = followPageScale(window);
  const root = createRoot(element);
  // the console's code is asked for as 登录 is pressed, and runs while the login's requests are out
  let consoleCode: Promise<typeof import('../console-main')> | undefined;
  const loadConsole = () => (consoleCode ??= import('../console-main').catch((e: unknown) => {
    consoleCode = undefined; // asked again with the next attempt
    throw e;
  }));
  const enter = async () => {
    const { startConsoleMain } = await loadConsole();
    stopScaling();
    BootData.forgetVisitor(window.document);
    window.history.replaceState(null, '', HOME_PATH);
    await startConsoleMain(element, root);
  };
  const kit = documentLoginKit(window, boot, branding, { starting: () => void loadConsole().catch(() => undefined), enter });
  root.render(
    <FluentProvider theme={toFluentTheme(theme)} style={{ height: '100%', background: 'transparent' }}>
      <LoginKitContext.Provider value={kit}>
        <NewLoginPage />
      </LoginKitContext.Provider>
    </FluentProvider>,
  );
  return root;
}
