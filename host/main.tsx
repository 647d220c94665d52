import 'reflect-metadata/lite'; // the edition inversify loads itself: one copy in the bundle
import { PageScaleService } from '../sdk/services/page-scale-service';
import { createAppContainer, pluginLoadersFromGlob } from './app/create-app-container';
import { bindPageScale } from './app/page-scale-binding';
import { startConsole } from './app/start-console';

// Every plugin is its own lazily loaded chunk (emitted under child/{systemId}/).
const pluginLoaders = pluginLoadersFromGlob(import.meta.glob('../plugins/*/*-plugin.tsx'));
const container = createAppContainer({ pluginLoaders });
bindPageScale(container.get<PageScaleService>(PageScaleService));

void startConsole(container, document.getElementById('root')!);
