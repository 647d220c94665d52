import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { DataTable, expectOk, HttpService, PaginationBar, useService, type DataTableColumn } from '@tianlu/sdk';
import { ConfirmDialog } from '../admin/admin-dialogs';
import { AdminPage } from '../admin/admin-page';
import { BindDialog, RenewDialog, TransferDialog } from '../asset-admin/asset-action-dialogs';
import { assetButtons, VehiclePaths, type VehicleRow } from '../asset-admin/asset-api';
import { AssetFilterBar, useAssetOptions } from '../asset-admin/asset-filters';
import { assetOpsColumn, AssetTools, ExpiryDate, useAssetList } from '../asset-admin/asset-list';
import { ImportWizard } from '../asset-admin/import-wizard';
import { VehicleDialog } from '../asset-admin/vehicle-dialog';

const Buttons = assetButtons(1240);

const IMPORT_COLUMNS = [
  { key: 'plateNo', title: '车牌号' }, { key: 'plateColor', title: '车牌颜色' }, { key: 'vehicleType', title: '车辆类型' }, { key: 'vin', title: '车架号' },
  { key: 'driver', title: '司机' }, { key: 'assetKind', title: '资产类型' }, { key: 'group', title: '车组' }, { key: 'expiryDate', title: '到期日期' },
  { key: 'speedLimit', title: '限速(km/h)' },
];

type Action =
  | { kind: 'add' | 'import' }
  | { kind: 'edit' | 'bind' | 'unbind'; vehicle: VehicleRow }
  | { kind: 'delete' | 'transfer' | 'renew'; vehicles: VehicleRow[] };

function subject(vehicles: readonly VehicleRow[]): string {
  return vehicles.length === 1 ? `车辆 ${vehicles[0]!.plateNo}` : `已选 ${vehicles.length} 辆车`;
}

/** 车辆管理: vehicles of the caller's customers, paged on the server; add, edit, bind, transfer, renew, delete, import, export. */
const VehiclePage = observer(function VehiclePage() {
  const http = useService<HttpService>(HttpService);
  const { options } = useAssetOptions(VehiclePaths.options);
  const list = useAssetList<VehicleRow>(VehiclePaths.list);
  const [action, setAction] = useState<Action>();

  const done = (text: string) => {
    setAction(undefined);
    list.changed(text);
  };

  const columns: DataTableColumn<VehicleRow>[] = [
    list.pickColumn((v) => v.plateNo),
    { key: 'plate', title: '车牌号', width: 110, render: (v) => v.plateNo },
    { key: 'color', title: '车牌颜色', width: 72, render: (v) => v.plateColorName },
    { key: 'kind', title: '资产类型', width: 72, render: (v) => v.assetKindName },
    { key: 'type', title: '车辆类型', width: 110, render: (v) => v.vehicleType || '—' },
    { key: 'vin', title: '车架号', width: 160, render: (v) => v.vin || '—' },
    { key: 'driver', title: '司机', width: 70, render: (v) => v.driver || '—' },
    { key: 'group', title: '车组', width: 100, render: (v) => v.groupName ?? '未分组' },
    { key: 'tenant', title: '所属客户', width: 110, render: (v) => v.tenantName },
    { key: 'terminal', title: '终端号', width: 120, render: (v) => v.terminalNo ?? '未绑定' },
    {
      key: 'expiry', title: '到期日期', width: 150,
      render: (v) => (v.expiryDate === null ? '不限' : <ExpiryDate date={v.expiryDate} expired={v.expired} />),
    },
    { key: 'speedLimit', title: '限速', width: 80, render: (v) => (v.speedLimit === null ? '默认' : `${v.speedLimit} km/h`) },
    assetOpsColumn<VehicleRow>({ buttons: Buttons, width: 150, bound: (v) => v.terminalId !== null, onAction: (kind, v) => setAction({ kind, vehicle: v }) }),
  ];

  return (
    <AdminPage
      title="车辆管理"
      error={list.error}
      tools={
        <AssetTools
          buttons={Buttons}
          noun="车辆"
          picked={list.chosen.length}
          ready={Boolean(options)}
          onAdd={() => setAction({ kind: 'add' })}
          onBatch={(kind) => setAction({ kind, vehicles: list.chosen })}
          onImport={() => setAction({ kind: 'import' })}
          onExport={() => list.exportList(VehiclePaths.exportList, '车辆列表')}
        />
      }
      filters={<AssetFilterBar placeholder="车牌号、VIN 或司机" options={options} onSearch={list.search} />}
    >
      <DataTable label="车辆" rows={list.rows} columns={columns} rowKey={(v) => String(v.id)} height={420} empty="没有符合条件的车辆" />
      <PaginationBar pagination={list.pagination} onChange={() => void list.load()} />

      {(action?.kind === 'add' || action?.kind === 'edit') && options && (
        <VehicleDialog
          vehicle={action.kind === 'edit' ? action.vehicle : undefined}
          options={options}
          defaultTenantId={list.filter.tenantId}
          onSaved={() => done(action.kind === 'edit' ? '车辆已保存' : '车辆已新增')}
          onClose={() => setAction(undefined)}
        />
      )}
      {action?.kind === 'bind' && <BindDialog side="vehicle" id={action.vehicle.id} subject={action.vehicle.plateNo} onDone={() => done('已绑定')} onClose={() => setAction(undefined)} />}
      {action?.kind === 'unbind' && (
        <ConfirmDialog
          title="解绑终端"
          message={`解除车辆 ${action.vehicle.plateNo} 与终端 ${action.vehicle.terminalNo} 的绑定？解绑后该终端的位置不再显示在这辆车上。`}
          confirmText="解绑"
          onConfirm={async () => {
            expectOk(await http.postJson(VehiclePaths.unbind, { vehicleId: action.vehicle.id }));
            done('已解绑');
          }}
          onClose={() => setAction(undefined)}
        />
      )}
      {action?.kind === 'delete' && (
        <ConfirmDialog
          title="删除车辆"
          message={`删除${subject(action.vehicles)}？绑定的终端会解绑并保留。`}
          confirmText="删除"
          onConfirm={async () => {
            const { deleted } = expectOk(await http.postJson<{ deleted: number }>(VehiclePaths.remove, { ids: action.vehicles.map((v) => v.id) }));
            done(`已删除 ${deleted} 辆车`);
          }}
          onClose={() => setAction(undefined)}
        />
      )}
      {action?.kind === 'transfer' && options && (
        <TransferDialog
          path={VehiclePaths.transfer}
          ids={action.vehicles.map((v) => v.id)}
          subject={subject(action.vehicles)}
          options={options}
          onDone={(moved) => done(`已转移 ${moved.vehicles} 辆车、${moved.terminals} 个终端`)}
          onClose={() => setAction(undefined)}
        />
      )}
      {action?.kind === 'renew' && (
        <RenewDialog path={VehiclePaths.renew} ids={action.vehicles.map((v) => v.id)} subject={subject(action.vehicles)} onDone={(n) => done(`已为 ${n} 辆车续费`)} onClose={() => setAction(undefined)} />
      )}
      {action?.kind === 'import' && options && (
        <ImportWizard
          title="导入车辆"
          paths={VehiclePaths}
          templateName="车辆导入模板.xlsx"
          columns={IMPORT_COLUMNS}
          options={options}
          onImported={() => void list.load()}
          onClose={() => setAction(undefined)}
        />
      )}
    </AdminPage>
  );
});
export default VehiclePage;
