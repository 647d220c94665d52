import { carModule } from '../../plugins/car/server/car-module';
import { cardModule } from '../../plugins/card/server/card-module';
import { dataCenterModule } from '../../plugins/data-center/server/data-center-module';
import { dataReportModule } from '../../plugins/data-report/server/data-report-module';
import { elecCarModule } from '../../plugins/elec-car/server/elec-car-module';
import { elecGbModule } from '../../plugins/elec-gb/server/elec-gb-module';
import { elecLeaseModule } from '../../plugins/elec-lease/server/elec-lease-module';
import { petModule } from '../../plugins/pet/server/pet-module';
import { systemModule } from '../../plugins/system/server/system-module';
import type { AnyServerModule } from '../module/module-host';

/**
 * The server halves of the built-in sub-applications, each declared with `defineServerModule` in
 * plugins/<name>/server/. The only file of server/ that imports a plugin's server half: routes,
 * migrations, jobs and demo data of every module are read from this list.
 */
export const BUILT_IN_MODULES: readonly AnyServerModule[] = [carModule, cardModule, dataCenterModule, dataReportModule, elecCarModule, elecGbModule, elecLeaseModule, petModule, systemModule];
