import type { ApiArea } from '../route-registry';
import { getUserRoute } from './get-user-route';

export const userArea: ApiArea = { name: 'user', routes: [getUserRoute] };
