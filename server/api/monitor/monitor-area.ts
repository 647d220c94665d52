import type { ApiArea } from '../route-registry';
import { monitorListRoute, monitorTreeRoute } from './monitor-routes';

export const monitorArea: ApiArea = { name: 'monitor', routes: [monitorListRoute, monitorTreeRoute] };
