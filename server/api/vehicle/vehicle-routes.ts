import { notFound } from '../envelope';
import { terminalNoParam } from '../monitor/monitor-item';
import { sessionRoute } from '../route-definition';
import { object, requiredText } from '../schema-helpers';

export const vehicleDetailRoute = sessionRoute<{ terminalNo: string }>({
  method: 'GET',
  url: '/car/v4/api/vehicle/detail.json',
  summary: '车辆与终端资料（仅本租户）',
  schema: { querystring: object({ terminalNo: requiredText('终端号', 20) }, ['terminalNo']) },
  handler: async ({ query, user, deps }) => {
    const d = await deps.store.fleet.detail(user.tenantId, terminalNoParam(query.terminalNo));
    if (!d) throw notFound('终端不存在');
    return {
      plateNo: d.plateNo, plateColor: d.plateColor, vehicleType: d.vehicleType, vin: d.vin, driver: d.driver,
      groupId: d.groupId, groupName: d.groupName, vehicleId: d.vehicleId, assetKind: d.assetKind,
      terminalNo: d.terminalNo, terminalModel: d.terminalModel, imei: d.imei, sim: d.sim, edition: d.edition,
      installDate: d.installDate, expiryDate: d.expiryDate,
    };
  },
});
