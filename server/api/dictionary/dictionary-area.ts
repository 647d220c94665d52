import type { ApiArea } from '../route-registry';
import { dictionaryListRoute } from './dictionary-list-route';

export const dictionaryArea: ApiArea = { name: 'dictionary', routes: [dictionaryListRoute] };
