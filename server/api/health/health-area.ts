import type { ApiArea } from '../route-registry';
import { getHealthThresholdRoute, updateHealthThresholdRoute } from './health-threshold-routes';

export const healthArea: ApiArea = { name: 'health', routes: [getHealthThresholdRoute, updateHealthThresholdRoute] };
