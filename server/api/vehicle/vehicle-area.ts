import type { ApiArea } from '../route-registry';
import { vehicleDetailRoute } from './vehicle-routes';

export const vehicleArea: ApiArea = { name: 'vehicle', routes: [vehicleDetailRoute] };
