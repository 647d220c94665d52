import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Button, Checkbox, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { DataTable, expectOk, HttpService, Pagination, Permission, ToastService, useService, type DataTableColumn } from '@tianlu/sdk';
import { ConfirmDialog } from '../admin/admin-dialogs';
import { AdminPage, errorText } from '../admin/admin-page';
import { AdminPager } from '../admin/admin-pager';
import { BindDialog, RenewDialog, TransferDialog } from '../asset-admin/asset-action-dialogs';
import { assetButtons, EMPTY_FILTER, exportFileName, filterQuery, VehiclePaths, type AssetFilter, type Page, type VehicleRow } from '../asset-admin/asset-api';
import { AssetFilterBar, useAssetOptions } from '../asset-admin/asset-filters';
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

const useStyles = makeStyles({
  tools: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
  expired: { color: tokens.colorPaletteRedForeground1 },
});

function subject(vehicles: readonly VehicleRow[]): string {
  return vehicles.length === 1 ? `车辆 ${vehicles[0]!.plateNo}` : `已选 ${vehicles.length} 辆车`;
}

/** 车辆管理: vehicles of the caller's customers, paged on the server; add, edit, bind, transfer, renew, delete, import, export. */
const VehiclePage = observer(function VehiclePage() {
  const s = useStyles();
  const http = useService<HttpService>(HttpService);
  const toast = useService<ToastService>(ToastService);
  const { options } = useAssetOptions(VehiclePaths.options);
  const pagination = useMemo(() => new Pagination(), []);
  const [filter, setFilter] = useState<AssetFilter>(EMPTY_FILTER);
  const [rows, setRows] = useState<VehicleRow[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string>();
  const [action, setAction] = useState<Action>();

  const load = useCallback(async () => {
    setError(undefined);
    try {
      const page = expectOk(await http.get<Page<VehicleRow>>(VehiclePaths.list, { ...pagination.query, ...filterQuery(filter) }));
      pagination.setTotal(page.total);
      setRows(page.list);
      setSelected(new Set());
    } catch (e) {
      setError(errorText(e));
    }
  }, [http, pagination, filter]);
  useEffect(() => void load(), [load]);

  const done = (text: string) => {
    toast.show(text, 'success');
    setAction(undefined);
    void load();
  };
  const chosen = rows.filter((r) => selected.has(r.id));
  const toggle = (id: number, on: boolean) => setSelected((prev) => new Set([...prev].filter((x) => x !== id).concat(on ? [id] : [])));
  const exportList = () => http.downloadBlob(VehiclePaths.exportList, filterQuery(filter), exportFileName('车辆列表')).catch((e: unknown) => toast.show(errorText(e), 'error'));

  const columns: DataTableColumn<VehicleRow>[] = [
    {
      key: 'pick', title: '', width: 40,
      render: (v) => <Checkbox aria-label={`选择 ${v.plateNo}`} checked={selected.has(v.id)} onChange={(_, d) => toggle(v.id, Boolean(d.checked))} />,
    },
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
      render: (v) =>
        v.expiryDate === null ? '不限' : v.expired ? (
          <span className={s.expired}>
            {v.expiryDate} <Badge color="danger" appearance="tint">已到期</Badge>
          </span>
        ) : (
          v.expiryDate
        ),
    },
    { key: 'speedLimit', title: '限速', width: 80, render: (v) => (v.speedLimit === null ? '默认' : `${v.speedLimit} km/h`) },
    {
      key: 'ops', title: '操作', width: 150,
      render: (v) => (
        <span>
          <Permission button={Buttons.edit}>
            <Button size="small" appearance="transparent" onClick={() => setAction({ kind: 'edit', vehicle: v })}>
              编辑
            </Button>
          </Permission>
          <Permission button={Buttons.bind}>
            {v.terminalId === null ? (
              <Button size="small" appearance="transparent" onClick={() => setAction({ kind: 'bind', vehicle: v })}>
                绑定
              </Button>
            ) : (
              <Button size="small" appearance="transparent" onClick={() => setAction({ kind: 'unbind', vehicle: v })}>
                解绑
              </Button>
            )}
          </Permission>
        </span>
      ),
    },
  ];

  const batch = (kind: 'delete' | 'transfer' | 'renew') => () => (chosen.length ? setAction({ kind, vehicles: chosen }) : toast.show('请先勾选车辆', 'warning'));

  return (
    <AdminPage
      title="车辆管理"
      error={error}
      tools={
        <div className={s.tools}>
          <Permission button={Buttons.add}>
            <Button appearance="primary" icon={<AddRegular />} disabled={!options} onClick={() => setAction({ kind: 'add' })}>
              新增车辆
            </Button>
          </Permission>
          <Permission button={Buttons.renew}>
            <Button onClick={batch('renew')}>续费</Button>
          </Permission>
          <Permission button={Buttons.transfer}>
            <Button disabled={!options} onClick={batch('transfer')}>
              转移
            </Button>
          </Permission>
          <Permission button={Buttons.remove}>
            <Button onClick={batch('delete')}>删除</Button>
          </Permission>
          <Permission button={Buttons.import}>
            <Button icon={<ArrowUploadRegular />} disabled={!options} onClick={() => setAction({ kind: 'import' })}>
              导入
            </Button>
          </Permission>
          <Permission button={Buttons.export}>
            <Button icon={<ArrowDownloadRegular />} onClick={() => void exportList()}>
              导出
            </Button>
          </Permission>
        </div>
      }
      filters={
        <AssetFilterBar
          placeholder="车牌号、VIN 或司机"
          options={options}
          onSearch={(f) => {
            pagination.setCurrent(1);
            setFilter(f);
          }}
        />
      }
    >
      <DataTable label="车辆" rows={rows} columns={columns} rowKey={(v) => String(v.id)} height={420} empty="没有符合条件的车辆" />
      <AdminPager pagination={pagination} onChange={() => void load()} />

      {(action?.kind === 'add' || action?.kind === 'edit') && options && (
        <VehicleDialog
          vehicle={action.kind === 'edit' ? action.vehicle : undefined}
          options={options}
          defaultTenantId={filter.tenantId}
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
          onImported={() => void load()}
          onClose={() => setAction(undefined)}
        />
      )}
    </AdminPage>
  );
});
export default VehiclePage;
