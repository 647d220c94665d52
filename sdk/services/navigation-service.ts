import { serviceToken, type ServiceToken } from './service-token';
/** Navigation for services that are not components (the host binds it to the router). */
export interface NavigationService {
  readonly path: string;
  navigate(path: string, options?: { replace?: boolean }): void;
  /** Opens a path of this console in a new tab. */
  openTab(path: string, query?: Record<string, string>): void;
}

export const NavigationService: ServiceToken<NavigationService> = serviceToken('tianlu.navigation');
