/**
 * Leaves axios's fetch adapter out of the console's build. The console sends every request through
 * XHR (the first adapter axios picks in a browser), and the fetch adapter's module, as it loads,
 * finds out what the browser's fetch can do: it builds a `Request` with a stream body and reads it,
 * on the main thread, before the first request of every cold load. Without it, axios finds no fetch
 * adapter (as in a browser without fetch) and takes XHR as before. Only the build uses it.
 */
import type { Plugin } from 'vite';

/** The module axios's adapter list imports instead. */
export const ABSENT_FETCH_ADAPTER = '\0tianlu-axios-fetch-adapter-absent';

/** The fetch adapter as imported by axios's adapter list (lib/adapters/adapters.js). */
function isAxiosFetchAdapter(source: string, importer: string | undefined): boolean {
  return source === './fetch.js' && !!importer && /[\\/]node_modules[\\/]axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/.test(importer);
}

export function axiosXhrOnlyPlugin(): Plugin {
  return {
    name: 'tianlu:axios-xhr-only',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return isAxiosFetchAdapter(source, importer) ? ABSENT_FETCH_ADAPTER : null;
    },
    load(id) {
      // what the adapter list reads of it: `getFetch()` false means "not available here"
      return id === ABSENT_FETCH_ADAPTER ? 'export const getFetch = () => false;\nexport default false;\n' : null;
    },
  };
}
