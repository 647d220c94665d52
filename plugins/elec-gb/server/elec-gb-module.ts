import { defineServerModule } from '../../../server/module';
import { seedDemoDeclarations } from './demo-declarations';
import { GbDeclarationQueries } from './gb-declaration-queries';
import { elecGbArea } from './gb-report-routes';
import type { GbServices } from './gb-services';
import { gbDeclarations } from './migrations/0014-gb-declarations';

/** 新国标's server half: 备案登记 with its QR labels, 合规报表 and the demo's 备案 records. */
export const elecGbModule = defineServerModule<GbServices>({
  name: 'elec-gb',
  routes: [elecGbArea],
  // the name it first ran under: databases that ran it look it up by name
  migrations: { '0014-gb-declarations': gbDeclarations },
  services: ({ db }) => ({ store: new GbDeclarationQueries(db) }),
  seedDemo: seedDemoDeclarations,
});
