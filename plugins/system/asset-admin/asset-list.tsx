import { useState } from 'react';
import { Badge, Button, Checkbox, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import { Permission, ToastService, useService, type DataTableColumn, type Endpoint, type Page, type VehicleListFilter } from '@tianlu/sdk';
import { usePagedList, type PagedList } from '../admin/use-paged-list';
import { assetListOptions, type AssetFilter, type assetButtons } from './asset-api';

type AssetButtons = ReturnType<typeof assetButtons>;

/** What 续费, 转移 and 删除 act on: the ticked rows. */
export type BatchAction = 'delete' | 'transfer' | 'renew';

const useStyles = makeStyles({
  tools: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
  expired: { color: tokens.colorPaletteRedForeground1 },
});

export interface AssetList<Row> extends PagedList<AssetFilter, Row> {
  /** The ticked rows of the page shown. */
  chosen: Row[];
  /** The column of tick boxes, each named `选择 <label>`. */
  pickColumn: (label: (row: Row) => string) => DataTableColumn<Row>;
}

/**
 * A page of assets or terminals with the rows ticked on it (a new page clears the ticks); `fixed`
 * query parameters go with every load and export (e.g. the page's asset kind).
 */
export function useAssetList<Row extends { id: number }>(
  list: Endpoint<{ current: number; pageSize: number } & VehicleListFilter, undefined, Page<Row>>, fixed: Pick<VehicleListFilter, 'assetKind'> = {},
): AssetList<Row> {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const paged = usePagedList({ ...assetListOptions(list, fixed), onPage: () => setSelected(new Set()) });
  const toggle = (id: number, on: boolean) => setSelected((prev) => new Set([...prev].filter((x) => x !== id).concat(on ? [id] : [])));
  return {
    ...paged,
    chosen: paged.rows.filter((r) => selected.has(r.id)),
    pickColumn: (label) => ({
      key: 'pick',
      title: '',
      width: 40,
      render: (r) => <Checkbox aria-label={`选择 ${label(r)}`} checked={selected.has(r.id)} onChange={(_, d) => toggle(r.id, Boolean(d.checked))} />,
    }),
  };
}

/** The 操作 column: 编辑, then 绑定 or 解绑 as the row is bound or not. */
export function assetOpsColumn<Row>(props: { buttons: AssetButtons; width: number; bound: (row: Row) => boolean; onAction: (kind: 'edit' | 'bind' | 'unbind', row: Row) => void }): DataTableColumn<Row> {
  const act = (kind: 'edit' | 'bind' | 'unbind', row: Row, text: string) => (
    <Button size="small" appearance="transparent" onClick={() => props.onAction(kind, row)}>
      {text}
    </Button>
  );
  return {
    key: 'ops',
    title: '操作',
    width: props.width,
    render: (r) => (
      <span>
        <Permission button={props.buttons.edit}>{act('edit', r, '编辑')}</Permission>
        <Permission button={props.buttons.bind}>{props.bound(r) ? act('unbind', r, '解绑') : act('bind', r, '绑定')}</Permission>
      </span>
    ),
  };
}

/** A service end date, in red with 已到期 once it has passed. */
export function ExpiryDate(props: { date: string; expired: boolean }) {
  const s = useStyles();
  return props.expired ? (
    <span className={s.expired}>
      {props.date} <Badge color="danger" appearance="tint">已到期</Badge>
    </span>
  ) : (
    <>{props.date}</>
  );
}

/**
 * The buttons above a vehicle or terminal list, each shown to a role that holds it: 新增…, 续费, 转移, 删除, 导入, 导出.
 * 续费, 转移 and 删除 ask to tick rows first when none is ticked.
 */
export function AssetTools(props: {
  buttons: AssetButtons;
  noun: string;
  picked: number;
  /** The tenants and groups are loaded (新增, 转移 and 导入 need them). */
  ready: boolean;
  onAdd: () => void;
  onBatch: (kind: BatchAction) => void;
  onImport: () => void;
  onExport: () => void;
}) {
  const s = useStyles();
  const toast = useService(ToastService);
  const batch = (kind: BatchAction) => () => (props.picked ? props.onBatch(kind) : toast.show(`请先勾选${props.noun}`, 'warning'));
  return (
    <div className={s.tools}>
      <Permission button={props.buttons.add}>
        <Button appearance="primary" icon={<AddRegular />} disabled={!props.ready} onClick={props.onAdd}>
          {`新增${props.noun}`}
        </Button>
      </Permission>
      <Permission button={props.buttons.renew}>
        <Button onClick={batch('renew')}>续费</Button>
      </Permission>
      <Permission button={props.buttons.transfer}>
        <Button disabled={!props.ready} onClick={batch('transfer')}>
          转移
        </Button>
      </Permission>
      <Permission button={props.buttons.remove}>
        <Button onClick={batch('delete')}>删除</Button>
      </Permission>
      <Permission button={props.buttons.import}>
        <Button icon={<ArrowUploadRegular />} disabled={!props.ready} onClick={props.onImport}>
          导入
        </Button>
      </Permission>
      <Permission button={props.buttons.export}>
        <Button icon={<ArrowDownloadRegular />} onClick={props.onExport}>
          导出
        </Button>
      </Permission>
    </div>
  );
}
