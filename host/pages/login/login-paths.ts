/** The console's home page, where a login goes on to. */
export const HOME_PATH = '/home';

/** True when `hostname` gets the older login page (ConfigService.config.legacyLoginHosts). */
export function usesLegacyLogin(hostname: string, legacyHosts: readonly string[] | undefined): boolean {
  return (legacyHosts ?? []).some((h) => h.toLowerCase() === hostname.toLowerCase());
}
