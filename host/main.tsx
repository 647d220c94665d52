import 'reflect-metadata/lite'; // the edition inversify loads itself: one copy in the bundle
import { createRoot } from 'react-dom/client';
import { PageScaleService } from '../sdk/services/page-scale-service';
import { AppRoot } from './app/app-root';
import { createAppContainer, pluginLoadersFromGlob } from './app/create-app-container';
import { bindPageScale } from './app/page-scale-binding';

// Every plugin is its own lazily loaded chunk (emitted under child/{systemId}/).
const pluginLoaders = pluginLoadersFromGlob(import.meta.glob('../plugins/*/*-plugin.tsx'));
const container = createAppContainer({ pluginLoaders });
bindPageScale(container.get<PageScaleService>(PageScaleService));

createRoot(document.getElementById('root')!).render(<AppRoot container={container} />);
