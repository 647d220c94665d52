import { notFound } from '../envelope';
import { terminalNoParam } from '../monitor/monitor-item';
import { KIND_MONITOR_RESOURCES, MONITOR_RESOURCE } from '../monitor/monitor-routes';
import { sessionRoute } from '../route-definition';
import { MonitorApi } from '../../../sdk/contracts/monitor';

export const vehicleDetailRoute = sessionRoute.of(MonitorApi.vehicleDetail, {
  resource: MONITOR_RESOURCE,
  alsoResources: KIND_MONITOR_RESOURCES,
  handler: async ({ query, deps, scope }) => {
    const terminalNo = terminalNoParam(query.terminalNo);
    const asset = await deps.store.monitor.findAsset(await scope(), terminalNo);
    const d = asset && (await deps.store.fleet.detail(asset.tenantId, terminalNo));
    if (!d) throw notFound('终端不存在');
    return {
      plateNo: d.plateNo, plateColor: d.plateColor, vehicleType: d.vehicleType, vin: d.vin, driver: d.driver,
      groupId: d.groupId, groupName: d.groupName, vehicleId: d.vehicleId, assetKind: d.assetKind,
      terminalNo: d.terminalNo, terminalModel: d.terminalModel, imei: d.imei, sim: d.sim, edition: d.edition,
      installDate: d.installDate, expiryDate: d.expiryDate, profile: d.profile ?? {},
    };
  },
});
