import type { ApiArea } from '../route-registry';
import { getHelpMessageRoute, markReadRoute, pageHelpMessageRoute } from './notice-routes';

export const noticeArea: ApiArea = { name: 'notice', routes: [pageHelpMessageRoute, getHelpMessageRoute, markReadRoute] };
