import type { ApiArea } from '../route-registry';
import { queryCustomInfoRoute } from './query-custom-info-route';

export const siteArea: ApiArea = { name: 'site', routes: [queryCustomInfoRoute] };
