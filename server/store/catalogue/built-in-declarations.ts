import type { PluginDeclaration } from '../../../sdk/plugin-declaration';
import { carDeclaration } from '../../../plugins/car/car-declaration';
import { cardDeclaration } from '../../../plugins/card/card-declaration';
import { centerDeclaration } from '../../../plugins/center/center-declaration';
import { dataCenterDeclaration } from '../../../plugins/data-center/data-center-declaration';
import { dataReportDeclaration } from '../../../plugins/data-report/data-report-declaration';
import { elecCarDeclaration } from '../../../plugins/elec-car/elec-car-declaration';
import { elecGbDeclaration } from '../../../plugins/elec-gb/elec-gb-declaration';
import { elecLeaseDeclaration } from '../../../plugins/elec-lease/elec-lease-declaration';
import { petDeclaration } from '../../../plugins/pet/pet-declaration';
import { systemDeclaration } from '../../../plugins/system/system-declaration';

/**
 * The built-in sub-applications as each declares itself (plain data, no pages): the centre
 * (platformId 0) first, then by platformId, the order of the platform and resource catalogues.
 */
export const BUILT_IN_DECLARATIONS: readonly PluginDeclaration[] = [
  centerDeclaration,
  carDeclaration,
  cardDeclaration,
  systemDeclaration,
  petDeclaration,
  dataCenterDeclaration,
  elecCarDeclaration,
  dataReportDeclaration,
  elecLeaseDeclaration,
  elecGbDeclaration,
].sort((a, b) => a.platformId - b.platformId);
