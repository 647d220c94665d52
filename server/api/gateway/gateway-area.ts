import type { ApiArea } from '../route-registry';
import { gatewayMetricsRoute } from './gateway-routes';

export const gatewayArea: ApiArea = { name: 'gateway', routes: [gatewayMetricsRoute] };
