import type { ApiArea } from '../../../server/module';
import { terminalExportRoute, vehicleExportRoute } from './asset-export-routes';
import { kindImportRoutes, terminalImportRoutes, vehicleImportRoutes } from './asset-import-routes';
import {
  groupAddRoute, groupAssignRoute, groupDeleteRoute, groupMoveRoute, groupRenameRoute, groupTreeRoute, groupVehiclesRoute,
} from './group-routes';
import {
  terminalAddRoute, terminalDeleteRoute, terminalListRoute, terminalOptionsRoute, terminalRenewRoute, terminalUpdateRoute,
} from './terminal-routes';
import {
  terminalBindableVehiclesRoute, terminalBindRoute, terminalUnbindRoute, vehicleBindableTerminalsRoute, vehicleBindRoute, vehicleUnbindRoute,
} from './vehicle-binding-routes';
import { vehicleAddRoute, vehicleDeleteRoute, vehicleListRoute, vehicleOptionsRoute, vehicleRenewRoute, vehicleUpdateRoute } from './vehicle-routes';
import { terminalTransferRoute, vehicleTransferRoute } from './vehicle-transfer-routes';

/** 系统管理: 车辆管理 (1240), 终端管理 (1250), 车组管理 (1260), with bulk import and export. */
export const systemAssetsArea: ApiArea = {
  name: 'system-assets',
  routes: [
    vehicleListRoute, vehicleOptionsRoute, vehicleAddRoute, vehicleUpdateRoute, vehicleDeleteRoute, vehicleRenewRoute,
    vehicleBindRoute, vehicleUnbindRoute, vehicleBindableTerminalsRoute, vehicleTransferRoute, vehicleExportRoute, ...vehicleImportRoutes, ...kindImportRoutes,
    terminalListRoute, terminalOptionsRoute, terminalAddRoute, terminalUpdateRoute, terminalDeleteRoute, terminalRenewRoute,
    terminalBindRoute, terminalUnbindRoute, terminalBindableVehiclesRoute, terminalTransferRoute, terminalExportRoute, ...terminalImportRoutes,
    groupTreeRoute, groupAddRoute, groupRenameRoute, groupMoveRoute, groupDeleteRoute, groupVehiclesRoute, groupAssignRoute,
  ],
};
