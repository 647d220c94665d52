import type { Container } from 'inversify';
import { DialogService } from '../../sdk/services/dialog-service';
import { MessageBus, type Disposable } from '../../sdk/services/message-bus';
import { NavigationService } from '../../sdk/services/navigation-service';
import { PermissionService } from '../../sdk/services/permission-service';

/** The shell's answers to the inter-app messages it owns (navigation, global dialogs, menu). */
export function registerHostMessageHandlers(container: Container): Disposable[] {
  const bus = container.get<MessageBus>(MessageBus);
  const dialogs = () => container.get<DialogService>(DialogService);
  const nav = () => container.get<NavigationService>(NavigationService);
  const perms = () => container.get<PermissionService>(PermissionService);
  return [
    bus.on('goPage', ({ path, query, newTab }) => {
      if (newTab) return nav().openTab(path, query);
      const qs = query && Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : '';
      nav().navigate(path + qs);
    }),
    bus.on('showVehInfo', (p) => dialogs().showVehInfo(p)),
    bus.on('showImage', ({ urls, index }) => dialogs().showImage(urls, index)),
    bus.on('showDownList', (p) => dialogs().showDownList(p?.visible ?? true)),
    bus.on('showInstructions', (p) => dialogs().showInstructions(p)),
    bus.on('getResourceData', ({ reply }) => reply(perms().menuTree)),
    bus.on('updateMenu', () => {
      perms().reset();
      void perms().load().catch((e: unknown) => console.error('[tianlu] menu reload failed', e));
    }),
  ];
}
