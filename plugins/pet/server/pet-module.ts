import { defineServerModule } from '../../../server/module';
import { petArea } from './pet-area';
import { PetQueries } from './pet-queries';
import type { PetServices } from './pet-services';

/**
 * 宠物守护's server half: pet cards with 寻宠, 安全区域 and 宠物档案. The demo's collars are the
 * platform's demo devices, and a pet outside its 安全区域 is judged by the platform's fence rules
 * (离开安全区域), so it brings no job, demo seed or alarm type of its own.
 */
export const petModule = defineServerModule<PetServices>({
  name: 'pet',
  routes: [petArea],
  services: ({ db }) => ({ store: new PetQueries(db) }),
});
