import type { Endpoint, EndpointInput } from '../endpoint';
import { Flag, type Envelope } from '../envelope';
import { serviceToken, type ServiceToken } from './service-token';

export { Flag, type Envelope };

/** Default failure message when the server gives none. */
export const NETWORK_ERROR_MESSAGE = '网络异常';
export const SESSION_EXPIRED_MESSAGE = '会话过期';

/** Rejection raised by the http service. `flag` is set when the server answered with an envelope. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly flag?: number,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface HttpRequestOptions {
  /** Overrides the stored per-platform base URL for a relative url. */
  baseURL?: string;
  headers?: Record<string, string>;
  /** Milliseconds; default 60000. */
  timeout?: number;
  /** Upload progress (0..1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface ExportFileParams {
  /** Endpoint that streams the file. */
  url: string;
  params: Record<string, string | number | boolean | undefined>;
  fileName: string;
}

/**
 * The http client every plugin uses. Relative URLs get the base URL, the session headers
 * (platformId, sessionId, userId) are added, and answers follow the envelope rules:
 * it resolves with the envelope (check `flag`, or use {@link expectOk}), rejects with an
 * {@link HttpError} on HTTP failure, `code` other than 0, a flagless non-spreadsheet answer,
 * and flag 4010 (after the 会话过期 dialog is shown).
 */
/** The input of a contract call: optional when the endpoint takes none. */
export type CallArgs<Q, B> = Record<string, never> extends EndpointInput<Q, B>
  ? [input?: EndpointInput<Q, B>, options?: HttpRequestOptions]
  : [input: EndpointInput<Q, B>, options?: HttpRequestOptions];

/** The input of {@link HttpService.prefetch}: what the page's own call will send. */
export type PrefetchArgs<Q, B> = Record<string, never> extends EndpointInput<Q, B> ? [input?: EndpointInput<Q, B>] : [input: EndpointInput<Q, B>];

export interface HttpService {
  /**
   * Calls a contract of sdk/contracts: a GET sends `input` as its query, a POST as its body
   * (JSON or form, as the contract says). Resolves with the envelope of the contract's answer.
   */
  call<Q, B, A>(endpoint: Endpoint<Q, B, A>, ...args: CallArgs<Q, B>): Promise<Envelope<A>>;
  /**
   * Asks a contract now for a page that is about to open (a route's `prefetch`), while its code
   * loads and it draws. The page's own `call` of the same endpoint with the same input, by the
   * same session, within {@link PREFETCH_KEPT_MS} and without options, takes that answer (once)
   * instead of asking again. Asking the same thing twice before it is taken asks once.
   * Resolves (or rejects) with that answer too, so a prefetch can ask ahead what the page asks next
   * (the first row's details as the list arrives); a prefetch that goes on from it catches its failure.
   */
  prefetch<Q, B, A>(endpoint: Endpoint<Q, B, A>, ...args: PrefetchArgs<Q, B>): Promise<Envelope<A>>;
  get<T = unknown>(url: string, query?: object, options?: HttpRequestOptions): Promise<Envelope<T>>;
  /** POST form-encoded (the default POST). */
  postForm<T = unknown>(url: string, data?: object, options?: HttpRequestOptions): Promise<Envelope<T>>;
  postJson<T = unknown>(url: string, data?: unknown, options?: HttpRequestOptions): Promise<Envelope<T>>;
  upload<T = unknown>(url: string, data: FormData, options?: HttpRequestOptions): Promise<Envelope<T>>;
  /** JSONP GET through a script element; resolves with what the callback receives. */
  jsonp<T = unknown>(url: string, query?: object, options?: { callbackParam?: string; timeout?: number }): Promise<T>;
  /** Download through hidden-frame navigation; a one-time download token replaces the session id in the query. */
  exportFile(params: ExportFileParams): Promise<void>;
  /** POST JSON, receive a spreadsheet blob and save it as `fileName`. */
  downloadBlob(url: string, data: unknown, fileName: string, options?: HttpRequestOptions): Promise<void>;
  /** Absolute URL for a relative one, resolved the way requests are. */
  resolveUrl(url: string, baseURL?: string): string;
}

/** How long an answer asked by {@link HttpService.prefetch} waits for the page's own call (then it is dropped). */
export const PREFETCH_KEPT_MS = 10_000;

export const HttpService: ServiceToken<HttpService> = serviceToken('tianlu.http');

/** Returns `obj` of a flag-1 envelope, otherwise throws an HttpError with the server's message. */
export function expectOk<T>(res: Envelope<T>): T {
  if (res.flag !== Flag.OK) throw new HttpError(res.msg || NETWORK_ERROR_MESSAGE, res.flag);
  return res.obj;
}
