import { moduleServices } from '../../../server/module';
import type { GbDeclarationQueries } from './gb-declaration-queries';

/** What 新国标 builds once per server: its 备案 queries. */
export interface GbServices {
  store: GbDeclarationQueries;
}

/** 新国标's services, from a route's deps. */
export const gbOf = moduleServices<GbServices>('elec-gb');
