// /car/ alone is also a console route prefix (/car/monitor), so only versioned /car/v1/ paths are API;
// /plugins/<systemId>/api/ is the installed plugins' server parts.
const API_PATH = /^\/(?:oauth(?:Token)?(?:\/|$)|car\/v\d+\/|docs(?:\/|$)|ws(?:\/|$)|plugins\.manifest\.json$|plugins\/[^/]+\/api\/)/;

/** True for paths the server answers with JSON; every other GET may be a console route. */
export function isApiPath(path: string): boolean {
  return API_PATH.test(path) || path.endsWith('.json');
}

/** A request for a file (has an extension): never answered with the console's index.html. */
export function looksLikeFile(path: string): boolean {
  const last = path.split('/').at(-1) ?? '';
  return /\.[a-z0-9]+$/i.test(last);
}

export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}
