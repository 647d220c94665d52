import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { AuthApi, KernelApi } from '../../sdk/contracts/kernel';
import type { AnswerOf } from '../../sdk/endpoint';
import { Flag, type Envelope } from '../../sdk/envelope';
import { HistoryService } from '../../sdk/services/history-service';
import { LiveService } from '../../sdk/services/live-service';
import { expectOk, HttpError, HttpService, NETWORK_ERROR_MESSAGE } from '../../sdk/services/http-service';
import { NavigationService } from '../../sdk/services/navigation-service';
import { PermissionService } from '../../sdk/services/permission-service';
import { LoginError, type LoginPageInfo, type PasswordLogin, type SessionService, type SmsLogin, type User } from '../../sdk/services/session-service';
import { StorageKeys, StorageService } from '../../sdk/services/storage-service';
import { ToastService } from '../../sdk/services/toast-service';
import { BootData, BootDataToken } from '../boot/boot-data';
import { ServiceResolver } from '../kernel-tokens';
import type { LiveServiceImpl } from '../live/live-service-impl';

/** Keys removed by clearAll (spec §4): user, nav client, alarm real-time, theme, dictionary, data-report history. */
export const CLEAR_ALL_KEYS = [
  StorageKeys.user,
  StorageKeys.sessionId,
  StorageKeys.navUserClient,
  StorageKeys.alarmRealTime,
  StorageKeys.themeValue,
  StorageKeys.dictionary,
  StorageKeys.dataReportHistory,
] as const;

/** Login state kept in storage (USER, sessionId); logged in means a stored USER exists. */
@injectable()
export class SessionServiceImpl implements SessionService {
  needCode = false;

  constructor(
    @inject(HttpService) private readonly http: HttpService,
    @inject(StorageService) private readonly storage: StorageService,
    @inject(PermissionService) private readonly permissions: PermissionService,
    @inject(HistoryService) private readonly history: HistoryService,
    @inject(ToastService) private readonly toast: ToastService,
    @inject(ServiceResolver) private readonly resolve: ServiceResolver,
    @inject(BootDataToken) private readonly boot: BootData,
  ) {
    makeAutoObservable<this, 'http' | 'storage' | 'permissions' | 'history' | 'toast' | 'resolve' | 'boot'>(this, {
      http: false,
      storage: false,
      permissions: false,
      history: false,
      toast: false,
      resolve: false,
      boot: false,
    });
  }

  get user(): User | undefined {
    return this.storage.get<User>(StorageKeys.user) ?? undefined;
  }

  get sessionId(): string | undefined {
    return this.storage.get<string>(StorageKeys.sessionId) ?? undefined;
  }

  get isLoggedIn(): boolean {
    return this.user !== undefined;
  }

  async loginPage(account?: string): Promise<LoginPageInfo> {
    // the start page may carry the first key (asked without an account), so the form needs no request
    const inlined = account ? undefined : this.boot.loginPage<LoginPageInfo>();
    const page = expectOk(inlined ?? (await this.http.call(AuthApi.loginPage, { account })));
    this.setNeedCode(Boolean(page?.needCode));
    return page;
  }

  async loginWithPassword(input: PasswordLogin, page: LoginPageInfo): Promise<User> {
    // only a password login needs the cipher: /login does not download it before 登录 is pressed
    const { default: AES } = await import('crypto-js/aes');
    const password = AES.encrypt(input.password, page.key).toString();
    return this.login({ account: input.account, password, pageId: page.pageId, code: input.code || undefined });
  }

  async sendLoginSms(phone: string): Promise<void> {
    expectOk(await this.http.call(AuthApi.sendLoginSms, { phone }));
  }

  loginWithSms(input: SmsLogin): Promise<User> {
    return this.login({ grantType: 'sms', phone: input.phone, smsCode: input.smsCode });
  }

  fetchUser(): Promise<User> {
    return this.loadUser();
  }

  async logout(): Promise<void> {
    // this page's live channel closes first: the session it ends is no news to this page
    this.resolve<LiveServiceImpl>(LiveService).close();
    try {
      await this.http.call(AuthApi.logout, {});
    } catch {
      // Best effort: the local session ends anyway.
    }
    this.storage.clearAll();
    this.history.clear();
    this.permissions.reset();
    this.resolve<NavigationService>(NavigationService).navigate('/login');
  }

  clearAll(): void {
    for (const key of CLEAR_ALL_KEYS) this.storage.remove(key);
  }

  private async login(form: Record<string, string | undefined>): Promise<User> {
    let res: Envelope<AnswerOf<typeof AuthApi.token>>;
    try {
      res = await this.http.call(AuthApi.token, form);
    } catch (e) {
      throw e instanceof HttpError ? new LoginError(e.message, e.flag, this.needCode) : e;
    }
    if (res.flag !== Flag.OK || !res.obj?.sessionId) {
      this.setNeedCode(Boolean(res.obj?.needCode));
      throw new LoginError(res.msg || NETWORK_ERROR_MESSAGE, res.flag, this.needCode);
    }
    this.setNeedCode(false);
    this.permissions.reset();
    this.storage.set(StorageKeys.sessionId, res.obj.sessionId);
    // No USER is stored yet, so the session headers are given explicitly for this one call.
    const headers: Record<string, string> = { sessionId: res.obj.sessionId };
    if (res.obj.userId !== undefined) headers.userId = String(res.obj.userId);
    return this.loadUser(headers);
  }

  private async loadUser(headers?: Record<string, string>): Promise<User> {
    try {
      const user = expectOk(await this.http.call(KernelApi.user, {}, headers ? { headers } : undefined));
      if (!user || typeof user !== 'object') throw new HttpError(NETWORK_ERROR_MESSAGE);
      this.storage.set(StorageKeys.user, user);
      this.storage.set(StorageKeys.queryUserInfo, user);
      return user;
    } catch (e) {
      this.toast.show(e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE, 'error');
      throw e;
    }
  }

  private setNeedCode(value: boolean): void {
    this.needCode = value;
  }
}
