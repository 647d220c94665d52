import type { ApiArea } from '../route-registry';
import { pluginPartRoute } from './plugin-part-route';

export const pluginPartArea: ApiArea = { name: 'plugin-part', routes: [pluginPartRoute] };
