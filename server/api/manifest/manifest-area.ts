import type { ApiArea } from '../route-registry';
import { pluginFilesRoute } from './plugin-files-route';
import { pluginsManifestRoute } from './plugins-manifest-route';

export const manifestArea: ApiArea = { name: 'manifest', routes: [pluginsManifestRoute, pluginFilesRoute] };
