import type { ApiArea } from '../route-registry';
import { pluginsManifestRoute } from './plugins-manifest-route';

export const manifestArea: ApiArea = { name: 'manifest', routes: [pluginsManifestRoute] };
