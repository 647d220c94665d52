import type { ApiArea } from '../../../server/module';
import { petActionRoute, petListRoute, petProfileSaveRoute } from './pet-routes';
import { zoneDeleteRoute, zoneListRoute, zoneSaveRoute } from './pet-zone-routes';

/** 宠物守护: pet cards, 寻宠 actions, 安全区域 and 宠物档案. */
export const petArea: ApiArea = { name: 'pet', routes: [petListRoute, petActionRoute, petProfileSaveRoute, zoneListRoute, zoneSaveRoute, zoneDeleteRoute] };
