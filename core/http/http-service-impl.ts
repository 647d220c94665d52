import { inject, injectable } from 'inversify';
import type { AxiosError, AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import { KernelApi } from '../../sdk/contracts/kernel';
import type { Endpoint } from '../../sdk/endpoint';
import { Flag, type Envelope } from '../../sdk/envelope';
import { ConfigService } from '../../sdk/services/config-service';
import { DialogService } from '../../sdk/services/dialog-service';
import {
  expectOk,
  HttpError,
  NETWORK_ERROR_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  type CallArgs,
  type ExportFileParams,
  type HttpRequestOptions,
  type HttpService,
  type PrefetchArgs,
  PREFETCH_KEPT_MS,
} from '../../sdk/services/http-service';
import { NavigationService } from '../../sdk/services/navigation-service';
import type { User } from '../../sdk/services/session-service';
import { StorageKeys, StorageService } from '../../sdk/services/storage-service';
import { KernelOptions, ServiceResolver, WindowToken } from '../kernel-tokens';
import { navigateHiddenFrame, readText, saveBlob } from './file-download';
import { jsonpRequest } from './jsonp';
import { appendQuery, toSearchParams } from './query-string';
import {
  codeAccepted,
  isEnvelope,
  isResourceListPath,
  isSpreadsheet,
  REQUEST_TIMEOUT_MS,
} from './response-rules';

/** What axios.isAxiosError checks, without loading axios for it. */
function isAxiosError(e: unknown): e is AxiosError {
  return typeof e === 'object' && e !== null && (e as { isAxiosError?: unknown }).isAxiosError === true;
}

const JSON_TYPE = 'application/json;charset=UTF-8';
const FORM_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';

/** The axios-based http client with the console's base URL, header and envelope rules. */
@injectable()
export class HttpServiceImpl implements HttpService {
  private client: Promise<AxiosInstance> | undefined;
  /** Answers asked ahead for a page (prefetch), by what was asked and who asked it, until its own call takes them. */
  private readonly prefetched = new Map<string, { answer: Promise<Envelope<unknown>>; at: number }>();
  private readonly adapter: KernelOptions['httpAdapter'];

  constructor(
    @inject(StorageService) private readonly storage: StorageService,
    @inject(ConfigService) private readonly config: ConfigService,
    @inject(DialogService) private readonly dialogs: DialogService,
    @inject(ServiceResolver) private readonly resolve: ServiceResolver,
    @inject(KernelOptions) options: KernelOptions,
    @inject(WindowToken) private readonly window: Window,
  ) {
    this.adapter = options.httpAdapter;
  }

  /** The axios instance, loaded with the first request. */
  private axios(): Promise<AxiosInstance> {
    this.client ??= import('./axios-client').then(
      (m) => m.createAxios(REQUEST_TIMEOUT_MS, this.adapter),
      (e: unknown) => {
        this.client = undefined; // a failed chunk load is tried again with the next request
        throw e;
      },
    );
    return this.client;
  }

  call<Q, B, A>(endpoint: Endpoint<Q, B, A>, ...[input, options]: CallArgs<Q, B>): Promise<Envelope<A>> {
    if (!options && this.prefetched.size) {
      const key = this.prefetchKey(endpoint, input);
      const asked = this.prefetched.get(key);
      this.prefetched.delete(key);
      if (asked && Date.now() - asked.at <= PREFETCH_KEPT_MS) return asked.answer as Promise<Envelope<A>>;
    }
    return this.ask(endpoint, input, options);
  }

  prefetch<Q, B, A>(endpoint: Endpoint<Q, B, A>, ...[input]: PrefetchArgs<Q, B>): Promise<Envelope<A>> {
    const now = Date.now();
    for (const [key, asked] of this.prefetched) if (now - asked.at > PREFETCH_KEPT_MS) this.prefetched.delete(key);
    const key = this.prefetchKey(endpoint, input);
    const asked = this.prefetched.get(key);
    if (asked) return asked.answer as Promise<Envelope<A>>;
    const answer = this.ask(endpoint, input, undefined);
    // a failure reaches the page's own call; one nobody takes is dropped unseen
    answer.catch(() => undefined);
    this.prefetched.set(key, { answer, at: now });
    return answer;
  }

  /** What a prefetched answer is kept under: the contract, its input and the session (another user's answer is never handed over). */
  private prefetchKey(endpoint: Endpoint<unknown, unknown, unknown>, input: unknown): string {
    return JSON.stringify([this.storage.get<string>(StorageKeys.sessionId) ?? null, endpoint.method, endpoint.path, input ?? {}]);
  }

  private ask<Q, B, A>(endpoint: Endpoint<Q, B, A>, input: unknown, options: HttpRequestOptions | undefined): Promise<Envelope<A>> {
    if (endpoint.method === 'GET') return this.get<A>(endpoint.path, input as object | undefined, options);
    if (endpoint.encoding === 'form') return this.postForm<A>(endpoint.path, input as object | undefined, options);
    return this.postJson<A>(endpoint.path, input, options);
  }

  get<T = unknown>(url: string, query?: object, options?: HttpRequestOptions): Promise<Envelope<T>> {
    return this.request<T>({ method: 'get', url: appendQuery(url, query), headers: { 'Content-Type': JSON_TYPE } }, options);
  }

  postForm<T = unknown>(url: string, data?: object, options?: HttpRequestOptions): Promise<Envelope<T>> {
    return this.request<T>({ method: 'post', url, data: toSearchParams(data), headers: { 'Content-Type': FORM_TYPE } }, options);
  }

  postJson<T = unknown>(url: string, data?: unknown, options?: HttpRequestOptions): Promise<Envelope<T>> {
    return this.request<T>({ method: 'post', url, data: data ?? {}, headers: { 'Content-Type': JSON_TYPE } }, options);
  }

  upload<T = unknown>(url: string, data: FormData, options?: HttpRequestOptions): Promise<Envelope<T>> {
    const onProgress = options?.onProgress;
    return this.request<T>(
      {
        method: 'post',
        url,
        data,
        onUploadProgress: onProgress ? (e) => onProgress(e.total ? Math.min(1, e.loaded / e.total) : 0) : undefined,
      },
      options,
    );
  }

  jsonp<T = unknown>(url: string, query?: object, options?: { callbackParam?: string; timeout?: number }): Promise<T> {
    return jsonpRequest<T>(this.window, this.resolveUrl(url), query, options?.callbackParam ?? 'callback', options?.timeout ?? REQUEST_TIMEOUT_MS);
  }

  async exportFile(params: ExportFileParams): Promise<void> {
    const { token } = expectOk(await this.call(KernelApi.downloadToken, {}));
    // The session id never goes into a URL (logs, history); the one-time token stands in for it.
    const { sessionId: _dropped, ...query } = params.params;
    void _dropped;
    const src = appendQuery(this.resolveUrl(params.url), { ...query, fileName: params.fileName, downloadToken: token });
    navigateHiddenFrame(this.window.document, src);
  }

  async downloadBlob(url: string, data: unknown, fileName: string, options?: HttpRequestOptions): Promise<void> {
    let response: AxiosResponse;
    try {
      response = await (await this.axios()).request(
        this.buildConfig(url, { method: 'post', data: data ?? {}, responseType: 'blob', headers: { 'Content-Type': JSON_TYPE } }, options),
      );
    } catch (e) {
      if (isAxiosError(e) && e.response) throw this.fromEnvelope(await this.parseJson(e.response.data), url, e.response.status);
      throw this.failure(e, url);
    }
    const contentType = response.headers['content-type'];
    if (isSpreadsheet(contentType)) {
      const blob = response.data instanceof Blob ? response.data : new Blob([response.data as BlobPart], { type: String(contentType) });
      saveBlob(this.window, blob, fileName);
      return;
    }
    throw this.fromEnvelope(await this.parseJson(response.data), url, response.status);
  }

  resolveUrl(url: string, baseURL?: string): string {
    if (/^https?:\/\//i.test(url)) return url;
    const base = baseURL ?? this.storedBaseUrl() ?? '';
    if (!base) return url;
    return `${base.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
  }

  /** The session headers every request carries. */
  sessionHeaders(): Record<string, string> {
    const headers: Record<string, string> = {
      platformId: String(this.config.system.platformId || 1),
      Authorization: '',
    };
    const user = this.storage.get<User>(StorageKeys.user);
    if (user) {
      const sessionId = this.storage.get<string>(StorageKeys.sessionId);
      if (sessionId) headers.sessionId = sessionId;
      if (user.userId !== undefined) headers.userId = String(user.userId);
    }
    return headers;
  }

  private storedBaseUrl(): string | undefined {
    const map = this.storage.get<Record<string, string>>(StorageKeys.baseUrls);
    return map?.[String(this.config.system.platformId || 1)] || undefined;
  }

  private buildConfig(url: string, config: AxiosRequestConfig, options?: HttpRequestOptions): AxiosRequestConfig {
    return {
      ...config,
      url: this.resolveUrl(url, options?.baseURL),
      timeout: options?.timeout ?? REQUEST_TIMEOUT_MS,
      signal: options?.signal,
      headers: { ...(config.headers as Record<string, string>), ...this.sessionHeaders(), ...options?.headers },
    };
  }

  private async request<T>(config: AxiosRequestConfig & { url: string }, options?: HttpRequestOptions): Promise<Envelope<T>> {
    let response: AxiosResponse;
    try {
      response = await (await this.axios()).request(this.buildConfig(config.url, config, options));
    } catch (e) {
      throw this.failure(e, config.url);
    }
    return this.accept<T>(response, config.url);
  }

  private accept<T>(response: AxiosResponse, url: string): Envelope<T> {
    const data: unknown = response.data;
    if (isEnvelope(data)) {
      if (!codeAccepted(data)) throw new HttpError(data.msg || NETWORK_ERROR_MESSAGE, data.flag, response.status);
      if (data.flag === Flag.SESSION_EXPIRED) throw this.expire(url);
      return data as Envelope<T>;
    }
    if (isSpreadsheet(response.headers['content-type'])) return { flag: Flag.OK, msg: '', obj: data as T };
    throw new HttpError(NETWORK_ERROR_MESSAGE, undefined, response.status);
  }

  /** HTTP failure, timeout or network error: the server's msg when it gave one, else 网络异常. */
  private failure(e: unknown, url: string): HttpError {
    if (e instanceof HttpError) return e;
    if (isAxiosError(e) && e.response) {
      const data: unknown = e.response.data;
      if (isEnvelope(data) && data.flag === Flag.SESSION_EXPIRED) return this.expire(url);
      const msg = typeof data === 'object' && data !== null ? (data as { msg?: unknown }).msg : undefined;
      const flag = isEnvelope(data) ? data.flag : undefined;
      return new HttpError(typeof msg === 'string' && msg ? msg : NETWORK_ERROR_MESSAGE, flag, e.response.status);
    }
    return new HttpError(NETWORK_ERROR_MESSAGE);
  }

  private fromEnvelope(data: unknown, url: string, status?: number): HttpError {
    if (isEnvelope(data) && data.flag === Flag.SESSION_EXPIRED) return this.expire(url);
    const msg = isEnvelope(data) ? data.msg : undefined;
    return new HttpError(msg || NETWORK_ERROR_MESSAGE, isEnvelope(data) ? data.flag : undefined, status);
  }

  private async parseJson(data: unknown): Promise<unknown> {
    if (isEnvelope(data)) return data;
    try {
      return JSON.parse(await readText(data));
    } catch {
      return undefined;
    }
  }

  /**
   * Flag 4010: the session is gone; tell the user (or go straight to /login for the resource list).
   * An answer that comes after 退出登录 (no user stored) tells nothing: the page is at its login form.
   */
  private expire(url: string): HttpError {
    const loggedIn = this.storage.get(StorageKeys.user) !== undefined;
    this.storage.remove(StorageKeys.user);
    this.storage.remove(StorageKeys.sessionId);
    if (isResourceListPath(url)) this.resolve<NavigationService>(NavigationService).navigate('/login');
    else if (loggedIn) this.dialogs.showSessionExpired();
    return new HttpError(SESSION_EXPIRED_MESSAGE, Flag.SESSION_EXPIRED);
  }
}
