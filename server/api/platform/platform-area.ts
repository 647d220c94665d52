import type { ApiArea } from '../route-registry';
import { getPlatformByRoleIdRoute, overviewRoute } from './platform-routes';

export const platformArea: ApiArea = { name: 'platform', routes: [getPlatformByRoleIdRoute, overviewRoute] };
