import 'reflect-metadata/lite'; // the edition inversify loads itself: one copy in the bundle
import { Container } from 'inversify';
import { alarmModule } from './alarm/alarm-module';
import { BootData, BootDataToken } from './boot/boot-data';
import { brandingModule } from './branding/branding-module';
import { configModule } from './config/config-module';
import { dialogModule } from './dialog/dialog-module';
import { geocodeModule } from './geocode/geocode-module';
import { historyModule } from './history/history-module';
import { iconModule } from './icons/icon-module';
import { httpModule } from './http/http-module';
import { liveModule } from './live/live-module';
import { KernelContainer, KernelOptions, ServiceResolver, WindowToken } from './kernel-tokens';
import { messagingModule } from './messaging/messaging-module';
import { navigationModule } from './navigation/navigation-module';
import { pageScaleModule } from './page-scale/page-scale-module';
import { permissionModule } from './permission/permission-module';
import { pluginModule } from './plugin/plugin-module';
import { sessionModule } from './session/session-module';
import { storageModule } from './storage/storage-module';
import { themeModule } from './theme/theme-module';

/** Every subsystem module of the kernel, in no particular order (bindings are lazy singletons). */
export const kernelModules = [
  storageModule,
  configModule,
  httpModule,
  dialogModule,
  navigationModule,
  sessionModule,
  permissionModule,
  historyModule,
  geocodeModule,
  themeModule,
  brandingModule,
  messagingModule,
  pageScaleModule,
  iconModule,
  pluginModule,
  liveModule,
  alarmModule,
];

/**
 * Builds the kernel: an inversify container with every SDK service token bound to its
 * implementation as a singleton. Services are created on first use, so the host (or a test)
 * may `rebindSync` a token (e.g. NavigationService to its router) before resolving.
 */
export function createKernel(options: KernelOptions = {}): Container {
  const win = options.window ?? globalThis.window;
  if (!win) throw new Error('createKernel needs a window (options.window or globalThis.window)');
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind<KernelOptions>(KernelOptions).toConstantValue(options);
  container.bind<Window>(WindowToken).toConstantValue(win);
  container.bind<Container>(KernelContainer).toConstantValue(container);
  container.bind<BootData>(BootDataToken).toConstantValue(BootData.fromDocument(win.document));
  container.bind<ServiceResolver>(ServiceResolver).toConstantValue(<T>(token: symbol) => container.get<T>(token));
  container.loadSync(...kernelModules);
  return container;
}
