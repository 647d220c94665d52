import { useState, type ReactElement } from 'react';
import { observer } from 'mobx-react-lite';
import {
  ASSET_KIND_DEFINITIONS,
  AssetImportApi,
  type AssetKind,
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  expectOk,
  groupColumnLabel,
  HttpService,
  PageSection,
  PaginationBar,
  useService,
  VehicleAdminApi,
} from '@tianlu/sdk';
import { BindDialog, RenewDialog, TransferDialog } from './asset-action-dialogs';
import { assetButtons, type AssetOptions, type VehicleRow } from './asset-api';
import { AssetFilterBar, useAssetOptions } from './asset-filters';
import { assetOpsColumn, AssetTools, ExpiryDate, useAssetList } from './asset-list';
import { ImportWizard } from './import-wizard';

/** What the 新增 / 编辑 dialog of a page gets. */
export interface AssetDialogProps {
  asset?: VehicleRow;
  options: AssetOptions;
  defaultTenantId?: number;
  onSaved: (asset: VehicleRow) => void;
  onClose: () => void;
}

/** What makes one kind's page: its own columns, import columns, search hint and dialog. */
export interface AssetPageKind {
  kind: AssetKind;
  /** Columns of the kind, shown after the name and before group, customer, terminal and expiry. */
  columns: DataTableColumn<VehicleRow>[];
  importColumns: readonly { key: string; title: string }[];
  placeholder: string;
  Dialog: (props: AssetDialogProps) => ReactElement;
}

type Action =
  | { kind: 'add' | 'import' }
  | { kind: 'edit' | 'bind' | 'unbind'; asset: VehicleRow }
  | { kind: 'delete' | 'transfer' | 'renew'; assets: VehicleRow[] };

/**
 * 车辆管理, 人员管理, 宠物管理 and 电动车管理: the assets of one kind of the caller's customers, paged
 * on the server; add, edit, bind, transfer, renew, delete, import, export — each behind its button.
 */
export const AssetAdminPage = observer(function AssetAdminPage({ page }: { page: AssetPageKind }) {
  const http = useService(HttpService);
  const d = ASSET_KIND_DEFINITIONS[page.kind];
  const buttons = assetButtons(d.menuId);
  const { options } = useAssetOptions(VehicleAdminApi.options);
  const list = useAssetList(VehicleAdminApi.list, { assetKind: page.kind });
  const [action, setAction] = useState<Action>();
  const count = (n: number) => `${n} ${d.counted}`;
  const subject = (assets: readonly VehicleRow[]) => (assets.length === 1 ? `${d.noun} ${assets[0]!.plateNo}` : `已选 ${count(assets.length)}`);

  const done = (text: string) => {
    setAction(undefined);
    list.changed(text);
  };

  const columns: DataTableColumn<VehicleRow>[] = [
    list.pickColumn((v) => v.plateNo),
    { key: 'name', title: d.nameLabel, width: 110, render: (v) => v.plateNo },
    ...page.columns,
    { key: 'group', title: groupColumnLabel(page.kind), width: 100, render: (v) => v.groupName ?? '未分组' },
    { key: 'tenant', title: '所属客户', width: 110, render: (v) => v.tenantName },
    { key: 'terminal', title: '终端号', width: 130, render: (v) => v.terminalNo ?? '未绑定' },
    { key: 'expiry', title: '到期日期', width: 150, render: (v) => (v.expiryDate === null ? '不限' : <ExpiryDate date={v.expiryDate} expired={v.expired} />) },
    assetOpsColumn<VehicleRow>({ buttons, width: 150, bound: (v) => v.terminalId !== null, onAction: (kind, v) => setAction({ kind, asset: v }) }),
  ];

  return (
    <PageSection
      title={`${d.noun}管理`}
      error={list.error}
      tools={
        <AssetTools
          buttons={buttons}
          noun={d.noun}
          picked={list.chosen.length}
          ready={Boolean(options)}
          onAdd={() => setAction({ kind: 'add' })}
          onBatch={(kind) => setAction({ kind, assets: list.chosen })}
          onImport={() => setAction({ kind: 'import' })}
          onExport={() => list.exportList(VehicleAdminApi.export, `${d.noun}列表`)}
        />
      }
      filters={<AssetFilterBar placeholder={page.placeholder} groupLabel={groupColumnLabel(page.kind)} options={options} onSearch={list.search} />}
    >
      <DataTable label={d.noun} rows={list.rows} columns={columns} rowKey={(v) => String(v.id)} height={420} empty={`没有符合条件的${d.noun}`} />
      <PaginationBar pagination={list.pagination} onChange={() => void list.load()} />

      {(action?.kind === 'add' || action?.kind === 'edit') && options && (
        <page.Dialog
          asset={action.kind === 'edit' ? action.asset : undefined}
          options={options}
          defaultTenantId={list.filter.tenantId}
          onSaved={() => done(action.kind === 'edit' ? `${d.noun}已保存` : `${d.noun}已新增`)}
          onClose={() => setAction(undefined)}
        />
      )}
      {action?.kind === 'bind' && <BindDialog side="vehicle" id={action.asset.id} subject={action.asset.plateNo} onDone={() => done('已绑定')} onClose={() => setAction(undefined)} />}
      {action?.kind === 'unbind' && (
        <ConfirmDialog
          title="解绑终端"
          message={`解除${d.noun} ${action.asset.plateNo} 与终端 ${action.asset.terminalNo} 的绑定？解绑后该终端的位置不再显示在这${d.counted === '人' ? '个人' : d.counted}上。`}
          confirmText="解绑"
          onConfirm={async () => {
            expectOk(await http.call(VehicleAdminApi.unbind, { vehicleId: action.asset.id }));
            done('已解绑');
          }}
          onClose={() => setAction(undefined)}
        />
      )}
      {action?.kind === 'delete' && (
        <ConfirmDialog
          title={`删除${d.noun}`}
          message={`删除${subject(action.assets)}？绑定的终端会解绑并保留。`}
          confirmText="删除"
          onConfirm={async () => {
            const { deleted } = expectOk(await http.call(VehicleAdminApi.delete, { ids: action.assets.map((v) => v.id) }));
            done(`已删除 ${count(deleted)}`);
          }}
          onClose={() => setAction(undefined)}
        />
      )}
      {action?.kind === 'transfer' && options && (
        <TransferDialog
          transfer={VehicleAdminApi.transfer}
          ids={action.assets.map((v) => v.id)}
          subject={subject(action.assets)}
          noun={d.noun}
          groupLabel={groupColumnLabel(page.kind)}
          options={options}
          onDone={(moved) => done(`已转移 ${count(moved.vehicles)}、${moved.terminals} 个终端`)}
          onClose={() => setAction(undefined)}
        />
      )}
      {action?.kind === 'renew' && (
        <RenewDialog renew={VehicleAdminApi.renew} ids={action.assets.map((v) => v.id)} subject={subject(action.assets)} onDone={(n) => done(`已为 ${count(n)}续费`)} onClose={() => setAction(undefined)} />
      )}
      {action?.kind === 'import' && options && (
        <ImportWizard
          title={`导入${d.noun}`}
          api={AssetImportApi[page.kind]}
          templateName={`${d.noun}导入模板.xlsx`}
          columns={page.importColumns}
          options={options}
          onImported={() => void list.load()}
          onClose={() => setAction(undefined)}
        />
      )}
    </PageSection>
  );
});
