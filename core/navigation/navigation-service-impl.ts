import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import type { NavigationService } from '../../sdk/services/navigation-service';
import { appendQuery } from '../http/query-string';
import { WindowToken } from '../kernel-tokens';

/**
 * Default navigation on the History API (pushState + popstate). The host rebinds
 * NavigationService to its router; services resolve it lazily so the rebinding wins.
 */
@injectable()
export class NavigationServiceImpl implements NavigationService {
  path: string;

  constructor(@inject(WindowToken) private readonly window: Window) {
    this.path = window.location.pathname;
    makeAutoObservable<this, 'window'>(this, { window: false });
    window.addEventListener('popstate', () => this.setPath(window.location.pathname));
  }

  navigate(path: string, options?: { replace?: boolean }): void {
    if (options?.replace) this.window.history.replaceState(null, '', path);
    else this.window.history.pushState(null, '', path);
    this.setPath(this.window.location.pathname);
  }

  openTab(path: string, query?: Record<string, string>): void {
    this.window.open(appendQuery(path, query), '_blank');
  }

  private setPath(path: string): void {
    this.path = path;
  }
}
