declare const serviceType: unique symbol;

/**
 * The token of a service: a symbol (what the container binds) that also carries the service's
 * type, so `useService(HttpService)` is an `HttpService` and `useService<LiveService>(HttpService)`
 * does not compile.
 */
export type ServiceToken<T> = symbol & { readonly [serviceType]?: T };

/** A service token under a global key (`Symbol.for(key)`): the same token wherever the SDK is loaded from. */
export function serviceToken<T>(key: string): ServiceToken<T> {
  return Symbol.for(key) as ServiceToken<T>;
}
