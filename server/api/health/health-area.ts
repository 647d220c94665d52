import type { ApiArea } from '../route-registry';
import { deleteHealthOverrideRoute, listHealthOverridesRoute, saveHealthOverrideRoute, searchHealthPeopleRoute } from './health-override-routes';
import { getHealthThresholdRoute, updateHealthThresholdRoute } from './health-threshold-routes';

export const healthArea: ApiArea = {
  name: 'health',
  routes: [getHealthThresholdRoute, updateHealthThresholdRoute, listHealthOverridesRoute, searchHealthPeopleRoute, saveHealthOverrideRoute, deleteHealthOverrideRoute],
};
