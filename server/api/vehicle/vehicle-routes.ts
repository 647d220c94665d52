import { notFound } from '../envelope';
import { terminalNoParam } from '../monitor/monitor-item';
import { KIND_MONITOR_RESOURCES, MONITOR_RESOURCE } from '../monitor/monitor-routes';
import { sessionRoute } from '../route-definition';
import { object, requiredText } from '../schema-helpers';

export const vehicleDetailRoute = sessionRoute<{ terminalNo: string }>({
  method: 'GET',
  url: '/car/v4/api/vehicle/detail.json',
  summary: '车辆与终端资料（仅可见资产：本租户及下级租户，按车组权限）',
  resource: MONITOR_RESOURCE,
  alsoResources: KIND_MONITOR_RESOURCES,
  schema: { querystring: object({ terminalNo: requiredText('终端号', 20) }, ['terminalNo']) },
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
