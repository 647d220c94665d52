import { createContext, useContext } from 'react';
import type { BrandingInfo } from '../../../sdk/services/branding-service';
import type { LoginPageInfo, PasswordLogin, SmsLogin } from '../../../sdk/services/session-service';

/**
 * What the login forms do, apart from drawing: the console's services inside the console
 * (service-login-kit.ts), or a few requests of its own in the login document a visitor's /login
 * opens with (host/login-document), which loads none of the console's kernel.
 */
export interface LoginKit {
  /** The site's branding answer: the brand panel's title and description. */
  readonly branding: Pick<BrandingInfo, 'title' | 'description'> | undefined;
  /** A fresh page key; the server also says whether the account needs an image code. */
  loginPage(account?: string): Promise<LoginPageInfo>;
  /** The image code of the page key, as a data URL. */
  imageCode(pageId: string): Promise<string>;
  /** Logs in (rejects with a LoginError carrying the server's message). */
  loginWithPassword(input: PasswordLogin, page: LoginPageInfo): Promise<void>;
  sendLoginSms(phone: string): Promise<void>;
  loginWithSms(input: SmsLogin): Promise<void>;
  /** Goes on to the console's home page once logged in (the form stays busy until it has). */
  enter(): void | Promise<void>;
}

export const LoginKitContext = createContext<LoginKit | undefined>(undefined);

export function useLoginKit(): LoginKit {
  const kit = useContext(LoginKitContext);
  if (!kit) throw new Error('the login form is drawn outside a LoginKitContext');
  return kit;
}
