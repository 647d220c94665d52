import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { AssetImportApi, ConfirmDialog, DataTable, type DataTableColumn, expectOk, HttpService, PageSection, PaginationBar, TerminalAdminApi, type TerminalRow, useService } from '@tianlu/sdk';
import { BindDialog, RenewDialog, TransferDialog } from '../asset-admin/asset-action-dialogs';
import { assetButtons } from '../asset-admin/asset-api';
import { AssetFilterBar, useAssetOptions } from '../asset-admin/asset-filters';
import { assetOpsColumn, AssetTools, ExpiryDate, useAssetList } from '../asset-admin/asset-list';
import { ImportWizard } from '../asset-admin/import-wizard';
import { TerminalDialog } from '../asset-admin/terminal-dialog';

/** How the list names a terminal's protocol (JT/T 808 terminals by their edition). */
const EDITION_LABELS: Record<string, string> = { gt06: 'GT06', watch: '手表协议' };

const Buttons = assetButtons(1250);

const IMPORT_COLUMNS = [
  { key: 'terminalNo', title: '终端号' }, { key: 'imei', title: 'IMEI' }, { key: 'model', title: '终端型号' }, { key: 'sim', title: 'SIM卡号' },
  { key: 'edition', title: '协议版本' }, { key: 'installDate', title: '安装日期' }, { key: 'plateNo', title: '绑定车牌号' },
];

type Action =
  | { kind: 'add' | 'import' }
  | { kind: 'edit' | 'bind' | 'unbind'; terminal: TerminalRow }
  | { kind: 'delete' | 'transfer' | 'renew'; terminals: TerminalRow[] };

function subject(terminals: readonly TerminalRow[]): string {
  return terminals.length === 1 ? `终端 ${terminals[0]!.terminalNo}` : `已选 ${terminals.length} 个终端`;
}

/** 终端管理: terminals of the caller's customers, paged on the server; add, edit, bind, transfer, renew, delete, import, export. */
const TerminalPage = observer(function TerminalPage() {
  const http = useService(HttpService);
  const { options } = useAssetOptions(TerminalAdminApi.options);
  const list = useAssetList(TerminalAdminApi.list);
  const [action, setAction] = useState<Action>();

  const done = (text: string) => {
    setAction(undefined);
    list.changed(text);
  };

  const columns: DataTableColumn<TerminalRow>[] = [
    list.pickColumn((t) => t.terminalNo),
    { key: 'no', title: '终端号', width: 130, render: (t) => t.terminalNo },
    { key: 'imei', title: 'IMEI', width: 140, render: (t) => t.imei || '—' },
    { key: 'model', title: '型号', width: 90, render: (t) => t.model || '—' },
    { key: 'sim', title: 'SIM 卡号', width: 120, render: (t) => t.sim || '—' },
    { key: 'edition', title: '协议', width: 80, render: (t) => EDITION_LABELS[t.edition] ?? (t.edition || '—') },
    { key: 'install', title: '安装日期', width: 96, render: (t) => t.installDate ?? '—' },
    { key: 'plate', title: '绑定车辆', width: 100, render: (t) => t.plateNo ?? '未绑定' },
    { key: 'tenant', title: '所属客户', width: 110, render: (t) => t.tenantName },
    {
      key: 'expiry', title: '到期日期', width: 150,
      render: (t) => (t.vehicleId === null || t.expiryDate === null ? '—' : <ExpiryDate date={t.expiryDate} expired={t.expired} />),
    },
    { key: 'conn', title: '连接', width: 64, render: (t) => (t.connected ? '已连接' : '未连接') },
    assetOpsColumn<TerminalRow>({ buttons: Buttons, width: 140, bound: (t) => t.vehicleId !== null, onAction: (kind, t) => setAction({ kind, terminal: t }) }),
  ];

  return (
    <PageSection
      title="终端管理"
      error={list.error}
      tools={
        <AssetTools
          buttons={Buttons}
          noun="终端"
          picked={list.chosen.length}
          ready={Boolean(options)}
          onAdd={() => setAction({ kind: 'add' })}
          onBatch={(kind) => setAction({ kind, terminals: list.chosen })}
          onImport={() => setAction({ kind: 'import' })}
          onExport={() => list.exportList(TerminalAdminApi.export, '终端列表')}
        />
      }
      filters={<AssetFilterBar placeholder="终端号、IMEI 或 SIM 卡号" options={options} onSearch={list.search} />}
    >
      <DataTable label="终端" rows={list.rows} columns={columns} rowKey={(t) => String(t.id)} height={420} empty="没有符合条件的终端" />
      <PaginationBar pagination={list.pagination} onChange={() => void list.load()} />

      {(action?.kind === 'add' || action?.kind === 'edit') && options && (
        <TerminalDialog
          terminal={action.kind === 'edit' ? action.terminal : undefined}
          options={options}
          onSaved={() => done(action.kind === 'edit' ? '终端已保存' : '终端已新增')}
          onClose={() => setAction(undefined)}
        />
      )}
      {action?.kind === 'bind' && <BindDialog side="terminal" id={action.terminal.id} subject={action.terminal.terminalNo} onDone={() => done('已绑定')} onClose={() => setAction(undefined)} />}
      {action?.kind === 'unbind' && (
        <ConfirmDialog
          title="解绑车辆"
          message={`解除终端 ${action.terminal.terminalNo} 与车辆 ${action.terminal.plateNo} 的绑定？`}
          confirmText="解绑"
          onConfirm={async () => {
            expectOk(await http.call(TerminalAdminApi.unbind, { terminalId: action.terminal.id }));
            done('已解绑');
          }}
          onClose={() => setAction(undefined)}
        />
      )}
      {action?.kind === 'delete' && (
        <ConfirmDialog
          title="删除终端"
          message={`删除${subject(action.terminals)}？删除后终端不能再接入平台，历史轨迹不再可查；绑定的车辆保留。`}
          confirmText="删除"
          onConfirm={async () => {
            const { deleted } = expectOk(await http.call(TerminalAdminApi.delete, { ids: action.terminals.map((t) => t.id) }));
            done(`已删除 ${deleted} 个终端`);
          }}
          onClose={() => setAction(undefined)}
        />
      )}
      {action?.kind === 'transfer' && options && (
        <TransferDialog
          transfer={TerminalAdminApi.transfer}
          ids={action.terminals.map((t) => t.id)}
          subject={subject(action.terminals)}
          options={options}
          onDone={(moved) => done(`已转移 ${moved.terminals} 个终端、${moved.vehicles} 辆车`)}
          onClose={() => setAction(undefined)}
        />
      )}
      {action?.kind === 'renew' && (
        <RenewDialog
          renew={TerminalAdminApi.renew}
          ids={action.terminals.map((t) => t.id)}
          subject={`${subject(action.terminals)}（延长所绑定车辆的服务）`}
          onDone={(n) => done(`已为 ${n} 个终端续费`)}
          onClose={() => setAction(undefined)}
        />
      )}
      {action?.kind === 'import' && options && (
        <ImportWizard
          title="导入终端"
          api={AssetImportApi.terminal}
          templateName="终端导入模板.xlsx"
          columns={IMPORT_COLUMNS}
          options={options}
          onImported={() => void list.load()}
          onClose={() => setAction(undefined)}
        />
      )}
    </PageSection>
  );
});
export default TerminalPage;
