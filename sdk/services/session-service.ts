import { HttpError } from './http-service';
import { serviceToken, type ServiceToken } from './service-token';

/** The logged-in user as /car/v1/api/user/getUser.json returns it. */
export interface User {
  userId: number;
  account: string;
  name: string;
  tenantId: number;
  tenantName: string;
  roleId: number;
  phone?: string;
  /** Assistant avatar, part of queryUserInfo. */
  chatLogo?: string;
  /** The phone was confirmed with an SMS code (安全中心 › 手机绑定). */
  phoneVerified?: boolean;
  /** What the user keeps from other users of the tenant (安全中心 › 隐私设置). */
  privacy?: UserPrivacy;
  /** A WeChat account is bound to this user. */
  wxBound?: boolean;
}

/** Privacy settings of a user: others see the masked value. */
export interface UserPrivacy {
  hidePhone: boolean;
  hideEmail: boolean;
}

export interface LoginPageInfo {
  /** Identifies the key on the server. */
  pageId: string;
  /** AES passphrase for the password (crypto-js). */
  key: string;
  /** True when the account must also give an image code. */
  needCode?: boolean;
}

export interface PasswordLogin {
  account: string;
  password: string;
  code?: string;
}

export interface SmsLogin {
  phone: string;
  smsCode: string;
}

/**
 * Login state. Logged in means a stored USER exists. `login` stores the sessionId,
 * then fetches and stores the user.
 */
export interface SessionService {
  readonly user: User | undefined;
  readonly sessionId: string | undefined;
  readonly isLoggedIn: boolean;
  /** True after a failed login whose answer asked for an image code (obj.needCode); optional for fakes. */
  readonly needCode?: boolean;
  /** Gets a fresh page key; the password is encrypted with it before it leaves the browser. */
  loginPage(account?: string): Promise<LoginPageInfo>;
  loginWithPassword(input: PasswordLogin, page: LoginPageInfo): Promise<User>;
  sendLoginSms(phone: string): Promise<void>;
  loginWithSms(input: SmsLogin): Promise<User>;
  fetchUser(): Promise<User>;
  logout(): Promise<void>;
  /** Clears user, nav client, alarm real-time, theme, dictionary and the data-report history. */
  clearAll(): void;
}

/** Rejection of a failed login: the server's message (e.g. 账号或密码错误) and whether an image code is now needed. */
export class LoginError extends HttpError {
  constructor(
    message: string,
    flag: number | undefined,
    readonly needCode: boolean,
  ) {
    super(message, flag);
    this.name = 'LoginError';
  }
}

export const SessionService: ServiceToken<SessionService> = serviceToken('tianlu.session');
