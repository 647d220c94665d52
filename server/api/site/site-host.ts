/** `http://LocalHost:8080/x` → `{ withPort: 'localhost:8080', name: 'localhost' }`. */
export function parseSiteHost(input: string): { withPort: string; name: string } | undefined {
  let rest = input.trim().toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  rest = rest.split(/[/?#]/)[0] ?? '';
  if (!rest) return undefined;
  const ipv6 = /^(\[[^\]]+\])(?::\d+)?$/.exec(rest);
  const name = ipv6 ? ipv6[1]! : rest.replace(/:\d+$/, '');
  return name ? { withPort: rest, name } : undefined;
}
