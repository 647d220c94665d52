import { codeAccepted, isEnvelope, REQUEST_TIMEOUT_MS } from '../../core/http/response-rules';
import { appendQuery, toSearchParams } from '../../core/http/query-string';
import type { BootData } from '../../core/boot/boot-data';
import { AuthApi, KernelApi } from '../../sdk/contracts/kernel';
import type { Endpoint } from '../../sdk/endpoint';
import { Flag, type Envelope } from '../../sdk/envelope';
import type { BrandingInfo } from '../../sdk/services/branding-service';
import { expectOk, HttpError, NETWORK_ERROR_MESSAGE } from '../../sdk/services/http-service';
import { LoginError, type LoginPageInfo, type User } from '../../sdk/services/session-service';
import { STORAGE_PREFIX, StorageKeys } from '../../sdk/services/storage-service';
import type { LoginKit } from '../pages/login/login-kit';

/** A value the console stored (JSON under `main_`), as its storage service reads it. */
export function storedValue<T>(storage: Storage, key: string): T | undefined {
  const raw = storage.getItem(STORAGE_PREFIX + key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return raw as T;
  }
}

/** What the login document does around a login: as it is asked for (`starting`), and once the user is in (`enter`). */
export interface LoginSteps {
  starting?(): void;
  enter(): void | Promise<void>;
}

/**
 * The login forms' kit of the login document: the same requests, headers and answers as the
 * console's session and http services (core/session, core/http), sent with fetch, and the same
 * stored session (sessionId, USER, queryUserInfo), so the console started after it is logged in.
 */
export function documentLoginKit(window: Window, boot: BootData, branding: BrandingInfo | undefined, steps: LoginSteps): LoginKit {
  const storage = window.localStorage;
  const store = (key: string, value: unknown) => storage.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
  let needCode = false;

  /** The headers of a request before login (HttpServiceImpl.sessionHeaders without a user). */
  const platformId = () => String(Number(storedValue<{ platformId?: unknown }>(storage, StorageKeys.systemInfo)?.platformId) || 1);
  const urlOf = (path: string) => {
    const base = storedValue<Record<string, string>>(storage, StorageKeys.baseUrls)?.[platformId()];
    return base ? `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : path;
  };

  async function call<Q, B, A>(endpoint: Endpoint<Q, B, A>, input: object, headers: Record<string, string> = {}): Promise<Envelope<A>> {
    const get = endpoint.method === 'GET';
    let response: Response;
    try {
      response = await window.fetch(urlOf(get ? appendQuery(endpoint.path, input) : endpoint.path), {
        method: endpoint.method,
        headers: {
          'Content-Type': get ? 'application/json;charset=UTF-8' : 'application/x-www-form-urlencoded;charset=UTF-8',
          platformId: platformId(),
          Authorization: '',
          ...headers,
        },
        body: get ? undefined : toSearchParams(input),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch {
      throw new HttpError(NETWORK_ERROR_MESSAGE);
    }
    const data: unknown = await response.json().catch(() => undefined);
    if (!isEnvelope(data)) throw new HttpError(NETWORK_ERROR_MESSAGE, undefined, response.status);
    if (!response.ok || !codeAccepted(data)) throw new HttpError(data.msg || NETWORK_ERROR_MESSAGE, data.flag, response.status);
    return data as Envelope<A>;
  }

  async function login(form: Record<string, string | undefined>): Promise<void> {
    steps.starting?.();
    let res: Envelope<{ sessionId?: string; userId?: number; needCode?: boolean }>;
    try {
      res = await call(AuthApi.token, form);
    } catch (e) {
      throw e instanceof HttpError ? new LoginError(e.message, e.flag, needCode) : e;
    }
    if (res.flag !== Flag.OK || !res.obj?.sessionId) {
      needCode = Boolean(res.obj?.needCode);
      throw new LoginError(res.msg || NETWORK_ERROR_MESSAGE, res.flag, needCode);
    }
    needCode = false;
    store(StorageKeys.sessionId, res.obj.sessionId);
    const headers: Record<string, string> = { sessionId: res.obj.sessionId };
    if (res.obj.userId !== undefined) headers.userId = String(res.obj.userId);
    const user = expectOk(await call<unknown, unknown, User>(KernelApi.user, {}, headers));
    if (!user || typeof user !== 'object') throw new HttpError(NETWORK_ERROR_MESSAGE);
    store(StorageKeys.user, user);
    store(StorageKeys.queryUserInfo, user);
  }

  return {
    branding,
    async loginPage(account) {
      // the page carries the first key (asked without an account)
      const inlined = account ? undefined : boot.loginPage<LoginPageInfo>();
      const page = expectOk(inlined ?? (await call(AuthApi.loginPage, { account })));
      needCode = Boolean(page?.needCode);
      return page;
    },
    imageCode: async (pageId) => expectOk(await call(AuthApi.imageCode, { pageId })).image,
    async loginWithPassword(input, page) {
      const { default: AES } = await import('crypto-js/aes');
      const password = AES.encrypt(input.password, page.key).toString();
      await login({ account: input.account, password, pageId: page.pageId, code: input.code || undefined });
    },
    sendLoginSms: async (phone) => void expectOk(await call(AuthApi.sendLoginSms, { phone })),
    loginWithSms: (input) => login({ grantType: 'sms', phone: input.phone, smsCode: input.smsCode }),
    enter: () => steps.enter(),
  };
}
