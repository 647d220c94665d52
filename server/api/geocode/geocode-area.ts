import type { ApiArea } from '../route-registry';
import { getGeoRoute } from './geocode-routes';

export const geocodeArea: ApiArea = { name: 'geocode', routes: [getGeoRoute] };
