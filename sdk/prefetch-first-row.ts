import type { ServiceGetter } from './plugin';
import { expectOk, HttpService, type Envelope } from './services/http-service';
import { StorageKeys, StorageService } from './services/storage-service';

/** The first row of each list as its route last found it, by session and list. */
const lastFirst = new Map<string, unknown>();

/** What a route asks for a page that opens on the first row of a list. */
export interface FirstRowAhead<A, T> {
  /** Names the list (one memory per list and session). */
  key: string;
  /** Asks the list, as the page will (`http.prefetch` of the page's own call). */
  list: (http: HttpService) => Promise<Envelope<A>>;
  /** The row the page opens on, from the list's answer (undefined: an empty list). */
  first: (answer: A) => T | undefined;
  /** Asks what the page asks first for that row (the failures left for the page's own calls to meet). */
  ahead: (http: HttpService, row: T) => void;
  /** Whether two rows are the same one (default: `===`). */
  same?: (a: T, b: T) => boolean;
}

/**
 * For the `prefetch` of a route whose page opens on the first row of a list (a trip log on its first
 * asset, a person's day on the first person): asks the list now and, as it arrives, what the page
 * asks first for its first row, which the page then takes as it opens. Opened again in the same
 * session, the route asks that for the row that was first the last time beside the list (a list's
 * order rarely changes), and for the first one only if it is another. A failed list asks nothing
 * more: the page's own call meets the failure.
 */
export function prefetchFirstRow<A, T>(get: ServiceGetter, spec: FirstRowAhead<A, T>): void {
  const http = get(HttpService);
  const storage = get(StorageService) as StorageService | undefined;
  const memory = `${storage?.get<string>(StorageKeys.sessionId) ?? ''}|${spec.key}`;
  const same = spec.same ?? ((a: T, b: T) => a === b);
  const guess = lastFirst.get(memory) as T | undefined;
  if (guess !== undefined) spec.ahead(http, guess);
  spec
    .list(http)
    .then((res) => {
      const first = spec.first(expectOk(res));
      if (first === undefined) return void lastFirst.delete(memory);
      lastFirst.set(memory, first);
      if (guess === undefined || !same(first, guess)) spec.ahead(http, first);
    })
    .catch(() => undefined);
}
