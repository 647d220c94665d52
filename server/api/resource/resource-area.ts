import type { ApiArea } from '../route-registry';
import { listRoute, newListRoute } from './resource-routes';

export const resourceArea: ApiArea = { name: 'resource', routes: [newListRoute, listRoute] };
