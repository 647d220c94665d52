import { HttpError, NETWORK_ERROR_MESSAGE } from '../../sdk/services/http-service';
import { appendQuery } from './query-string';

let sequence = 0;

/** JSONP through a `<script>` element: the callback name goes in `callbackParam`. */
export function jsonpRequest<T>(win: Window, url: string, query: object | undefined, callbackParam: string, timeoutMs: number): Promise<T> {
  const name = `__tianluJsonp${Date.now()}_${++sequence}`;
  const callbacks = win as unknown as Record<string, unknown>;
  const script = win.document.createElement('script');
  return new Promise<T>((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      delete callbacks[name];
      script.remove();
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new HttpError(NETWORK_ERROR_MESSAGE));
    }, timeoutMs);
    callbacks[name] = (data: T) => {
      cleanup();
      resolve(data);
    };
    script.onerror = () => {
      cleanup();
      reject(new HttpError(NETWORK_ERROR_MESSAGE));
    };
    script.src = appendQuery(url, { ...query, [callbackParam]: name });
    win.document.head.appendChild(script);
  });
}
