import { dataReportModule } from '../../plugins/data-report/server/data-report-module';
import { elecGbModule } from '../../plugins/elec-gb/server/elec-gb-module';
import { elecLeaseModule } from '../../plugins/elec-lease/server/elec-lease-module';
import { petModule } from '../../plugins/pet/server/pet-module';
import type { AnyServerModule } from '../module/module-host';

/**
 * The server halves of the built-in sub-applications, each declared with `defineServerModule` in
 * plugins/<name>/server/. The only file of server/ that imports a plugin's server half: routes,
 * migrations, jobs and demo data of every module are read from this list.
 */
export const BUILT_IN_MODULES: readonly AnyServerModule[] = [dataReportModule, elecGbModule, elecLeaseModule, petModule];
