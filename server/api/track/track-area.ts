import { batteryHistoryRoute } from './battery-routes';
import type { ApiArea } from '../route-registry';
import { trackExportRoute } from './track-export-route';
import { trackListRoute, trackPointsRoute, trackSettingsRoute } from './track-routes';
import { tripListRoute } from './trip-routes';

export const trackArea: ApiArea = { name: 'track', routes: [trackListRoute, trackPointsRoute, trackSettingsRoute, trackExportRoute, tripListRoute, batteryHistoryRoute] };
