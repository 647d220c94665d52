import type { ApiArea } from '../route-registry';
import { trackListRoute } from './track-routes';

export const trackArea: ApiArea = { name: 'track', routes: [trackListRoute] };
