import type { ApiArea } from '../../../server/module';
import { fenceDeleteRoute, fenceListRoute, fenceSaveRoute } from './fence-routes';

export const fenceArea: ApiArea = { name: 'fence', routes: [fenceListRoute, fenceSaveRoute, fenceDeleteRoute] };
