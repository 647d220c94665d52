import 'reflect-metadata/lite'; // the edition inversify loads itself: one copy in the bundle
import type { Root } from 'react-dom/client';
import { PageScaleService } from '../sdk/services/page-scale-service';
import { createAppContainer, pluginLoadersFromGlob } from './app/create-app-container';
import { bindPageScale } from './app/page-scale-binding';
import { startConsole } from './app/start-console';

/**
 * Starts the whole console in `element`: its kernel, its plugins and the page of the address.
 * `replacing` is the login document's root, taken down as the console draws its first page.
 */
export function startConsoleMain(element: HTMLElement, replacing?: Pick<Root, 'unmount'>): Promise<Root> {
  // Every plugin is its own lazily loaded chunk (emitted under child/{systemId}/).
  const pluginLoaders = pluginLoadersFromGlob(import.meta.glob('../plugins/*/*-plugin.tsx'));
  const container = createAppContainer({ pluginLoaders });
  bindPageScale(container.get<PageScaleService>(PageScaleService));
  return startConsole(container, element, undefined, replacing);
}
