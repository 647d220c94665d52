import { makeObservable, observable, runInAction } from 'mobx';
import type { NavigationService } from '../../sdk/services/navigation-service';

type Navigate = (path: string, options?: { replace?: boolean }) => void;

/**
 * NavigationService bound to react-router: the router component hands over its navigate
 * function; before that, navigation falls back to the browser history.
 */
export class RouterNavigationService implements NavigationService {
  path: string;
  private navigateFn: Navigate | undefined;

  constructor(private readonly win: Window = window) {
    this.path = win.location.pathname + win.location.search;
    makeObservable(this, { path: observable });
  }

  /** Called by the router component on mount and on every location change. */
  attach(navigate: Navigate, path: string): void {
    this.navigateFn = navigate;
    runInAction(() => (this.path = path));
  }

  navigate(path: string, options?: { replace?: boolean }): void {
    if (this.navigateFn) return this.navigateFn(path, options);
    if (options?.replace) this.win.history.replaceState(null, '', path);
    else this.win.history.pushState(null, '', path);
    this.win.dispatchEvent(new PopStateEvent('popstate'));
  }

  openTab(path: string, query?: Record<string, string>): void {
    const qs = new URLSearchParams({ urlType: 'blank', ...query }).toString();
    this.win.open(`${path}?${qs}`, '_blank', 'noopener');
  }
}
