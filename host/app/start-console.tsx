import { createRoot, type Root } from 'react-dom/client';
import type { Container } from 'inversify';
import type { AlarmServiceImpl } from '../../core/alarm/alarm-service-impl';
import type { LiveServiceImpl } from '../../core/live/live-service-impl';
import { AlarmService } from '../../sdk/services/alarm-service';
import { LiveService } from '../../sdk/services/live-service';
import { SessionService } from '../../sdk/services/session-service';
import { beginFirstNavigation } from '../router/guarded-routes';
import { AppRoot } from './app-root';

/**
 * Draws the console of `container` into `element` once the guards of the address it opens at have
 * decided, or once they have had FIRST_RENDER_WAIT_MS (see beginFirstNavigation): a page that needs
 * nothing more from the server is in the first render rather than after 加载中.
 * `host` overrides location.host (tests). `replacing`, a root drawn in `element` before (the login
 * document's), is taken down right before the console's first render.
 */
export async function startConsole(container: Container, element: HTMLElement, host?: () => string, replacing?: Pick<Root, 'unmount'>): Promise<Root> {
  // a logged-in user's alarm desk asks its questions now, and the live channel's worker starts;
  // their answers come and it loads while the page draws
  if (container.get<SessionService>(SessionService).isLoggedIn) {
    container.get<AlarmServiceImpl>(AlarmService).askEarly();
    container.get<LiveServiceImpl>(LiveService).prepare();
  }
  await beginFirstNavigation(container, window.location.pathname, host);
  replacing?.unmount();
  const root = createRoot(element);
  root.render(<AppRoot container={container} host={host} />);
  return root;
}
