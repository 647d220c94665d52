import {
  assetButtons, buildSheet, EXPORT_LIMIT, kindResources, kindsWithFullPhones, sendSheet, sessionRoute, sheetFileName, shownProfile, TERMINAL_MENU, toChinaIso, VEHICLE_MENU, type TerminalRecord, type VehicleRecord,
} from '../../../server/module';
import { ASSET_KIND_DEFINITIONS, assetKindOf, profileText, type AssetKind } from '../../../sdk/asset-kinds';
import { EDITION_NAMES } from './terminal-fields';
import { terminalFilter } from './terminal-routes';
import { ASSET_KINDS, PLATE_COLORS } from './vehicle-fields';
import { vehicleFilter } from './vehicle-routes';
import { TerminalAdminApi, VehicleAdminApi } from '../../../sdk/contracts/asset';

const serviceState = (expired: boolean, expiryDate: string | null) => (expiryDate === null ? '不限' : expired ? '已到期' : '正常');

/** Columns every kind shares after its own: group, customer, terminal, service. */
const commonColumns = [
  { header: '车组', value: (r: VehicleRecord) => r.groupName ?? '' },
  { header: '所属客户', width: 20, value: (r: VehicleRecord) => r.tenantName },
  { header: '终端号', width: 16, value: (r: VehicleRecord) => r.terminalNo ?? '' },
  { header: '到期日期', width: 12, value: (r: VehicleRecord) => r.expiryDate ?? '' },
  { header: '服务状态', width: 10, value: (r: VehicleRecord) => serviceState(r.expired, r.expiryDate) },
];

/** A person, pet or e-bike sheet: its name, the fields of its kind (phones as the caller may see them), then the common columns. */
function kindColumns(kind: Exclude<AssetKind, 'vehicle'>, fullPhones: ReadonlySet<string>) {
  const d = ASSET_KIND_DEFINITIONS[kind];
  return [
    { header: d.nameLabel, width: 14, value: (r: VehicleRecord) => r.plateNo },
    ...d.fields.filter((f) => f.type !== 'photo').map((f) => ({ header: f.unit ? `${f.label}(${f.unit})` : f.label, width: 14, value: (r: VehicleRecord) => profileText({ ...f, unit: undefined }, shownProfile(r.assetKind, r.profile, fullPhones)[f.key]) })),
    ...commonColumns,
    { header: '创建时间', width: 22, value: (r: VehicleRecord) => toChinaIso(r.createdAt) },
  ];
}

const vehicleColumns = [
  { header: '车牌号', width: 14, value: (r: VehicleRecord) => r.plateNo },
  { header: '车牌颜色', width: 10, value: (r: VehicleRecord) => PLATE_COLORS[r.plateColor] ?? String(r.plateColor) },
  { header: '车辆类型', value: (r: VehicleRecord) => r.vehicleType },
  { header: '车架号', width: 22, value: (r: VehicleRecord) => r.vin },
  { header: '司机', width: 10, value: (r: VehicleRecord) => r.driver },
  { header: '资产类型', width: 10, value: (r: VehicleRecord) => ASSET_KINDS[r.assetKind] ?? r.assetKind },
  ...commonColumns,
  { header: '限速(km/h)', width: 12, value: (r: VehicleRecord) => r.speedLimit },
  { header: '创建时间', width: 22, value: (r: VehicleRecord) => toChinaIso(r.createdAt) },
];

export const vehicleExportRoute = sessionRoute.of(VehicleAdminApi.export, {
  resource: assetButtons(VEHICLE_MENU).export,
  alsoResources: kindResources('export'),
  raw: true,
  handler: async (ctx) => {
    const { body, deps, scope, reply } = ctx;
    const s = await scope();
    const rows = await deps.store.assets.vehicles.all(s, await vehicleFilter(ctx, s, body, 'export'), EXPORT_LIMIT);
    const kind = body.assetKind ? assetKindOf(body.assetKind) : undefined;
    const noun = kind ? ASSET_KIND_DEFINITIONS[kind].noun : '车辆';
    const columns = kind && kind !== 'vehicle' ? kindColumns(kind, await kindsWithFullPhones(ctx)) : vehicleColumns;
    return sendSheet(reply, sheetFileName(`${noun}列表`, deps.clock.now()), await buildSheet(noun, columns, rows));
  },
});

export const terminalExportRoute = sessionRoute.of(TerminalAdminApi.export, {
  resource: assetButtons(TERMINAL_MENU).export,
  raw: true,
  handler: async ({ body, deps, scope, reply }) => {
    const s = await scope();
    const rows = await deps.store.assets.terminals.all(s, await terminalFilter(deps.store, s, body), EXPORT_LIMIT);
    const sheet = await buildSheet(
      '终端',
      [
        { header: '终端号', width: 16, value: (r: TerminalRecord) => r.terminalNo },
        { header: 'IMEI', width: 18, value: (r) => r.imei },
        { header: '终端型号', value: (r) => r.model },
        { header: 'SIM卡号', width: 16, value: (r) => r.sim },
        { header: '协议版本', width: 12, value: (r) => EDITION_NAMES[r.edition as keyof typeof EDITION_NAMES] ?? r.edition },
        { header: '安装日期', width: 12, value: (r) => r.installDate ?? '' },
        { header: '绑定车辆', width: 14, value: (r) => r.plateNo ?? '' },
        { header: '车组', value: (r) => r.groupName ?? '' },
        { header: '所属客户', width: 20, value: (r) => r.tenantName },
        { header: '到期日期', width: 12, value: (r) => r.expiryDate ?? '' },
        { header: '服务状态', width: 10, value: (r) => (r.vehicleId === null ? '' : serviceState(r.expired, r.expiryDate)) },
        { header: '连接', width: 8, value: (r) => (r.connected ? '已连接' : '未连接') },
        { header: '创建时间', width: 22, value: (r) => toChinaIso(r.createdAt) },
      ],
      rows,
    );
    return sendSheet(reply, sheetFileName('终端列表', deps.clock.now()), sheet);
  },
});
