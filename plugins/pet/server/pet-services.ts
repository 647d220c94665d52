import { moduleServices } from '../../../server/module';
import type { PetQueries } from './pet-queries';

/** What 宠物守护 builds once per server: its pet and 安全区域 queries. */
export interface PetServices {
  store: PetQueries;
}

/** 宠物守护's services, from a route's deps. */
export const petsOf = moduleServices<PetServices>('pet');
