import type { LoginService } from '../auth/login-service';
import type { SessionService } from '../auth/session-service';
import type { SmsLoginService } from '../auth/sms-login-service';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { Store } from '../store/create-store';

/** What route handlers may use. Built once per server in app.ts. */
export interface AppDeps {
  config: ServerConfig;
  store: Store;
  clock: Clock;
  sessions: SessionService;
  login: LoginService;
  smsLogin: SmsLoginService;
  /** Repository root: plugins.manifest.json lives here. */
  rootDir: string;
  /** Where finished export files are kept. */
  exportDir: string;
}
