import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Dropdown, makeStyles, MessageBar, MessageBarBody, Option, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import {
  COMMAND_STATUS_NAMES,
  DataTable,
  describeCommandParams,
  describeCommandResult,
  formatChinaTime,
  HttpService,
  Input,
  listWords,
  LiveService,
  MIXED_ASSET_WORDS,
  PaginationBar,
  ToastService,
  useService,
  type Command,
  type DataTableColumn,
} from '@tianlu/sdk';
import { CommandHistoryStore } from '../command/command-history-store';

const ROW_HEIGHT = 36;
const TABLE_HEIGHT = ROW_HEIGHT * 12;

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    padding: '16px 20px',
    background: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
  },
  toolbar: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  status: { minWidth: '120px' },
  muted: { color: tokens.colorNeutralForeground3 },
  result: { display: 'flex', flexDirection: 'column', minWidth: 0, lineHeight: '16px' },
  raw: { fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

const STATUS_COLORS: Record<number, 'informative' | 'brand' | 'success' | 'danger' | 'warning'> = {
  0: 'informative', 1: 'brand', 2: 'success', 3: 'danger', 4: 'warning',
};

/** The result in Chinese; a device's own answer (设备原文) on a second line and in the tooltip. */
function ResultCell(props: { command: Command }) {
  const s = useStyles();
  const { text, raw } = describeCommandResult(props.command.result);
  const title = raw ? `${text}\n设备原文：${raw}` : text;
  return (
    <span className={s.result} title={title}>
      <span>{text || '—'}</span>
      {raw && <span className={s.raw}>设备原文：{raw}</span>}
    </span>
  );
}

/** The columns; the name column is headed as the rows' kind says it (车牌号, 姓名 …), 名称 when they mix or are none. */
const columns = (nameLabel: string): DataTableColumn<Command>[] => [
  { key: 'create', title: '下发时间', width: 150, render: (c) => formatChinaTime(c.createTime) },
  { key: 'plate', title: nameLabel, width: 100, render: (c) => c.plateNo || '—' },
  { key: 'terminal', title: '终端号', width: 120, render: (c) => c.terminalNo },
  { key: 'name', title: '指令', width: 90, render: (c) => c.commandName },
  { key: 'params', title: '参数', width: 110, render: (c) => describeCommandParams(c.commandType, c.params, c.assetKind) || '—' },
  {
    key: 'status',
    title: '状态',
    width: 70,
    render: (c) => (
      <Badge appearance="tint" color={STATUS_COLORS[c.status] ?? 'informative'} data-status={c.status}>
        {c.statusText}
      </Badge>
    ),
  },
  { key: 'result', title: '结果', render: (c) => <ResultCell command={c} /> },
  { key: 'account', title: '下发人', width: 80, render: (c) => c.account },
  { key: 'reply', title: '应答时间', width: 150, render: (c) => formatChinaTime(c.resultTime) },
];

const STATUS_OPTIONS: [string, string][] = [['', '全部状态'], ...Object.entries(COMMAND_STATUS_NAMES)];

/** /car/command 指令下发: every command sent to the terminals the user may see, with live status. */
const CommandPage = observer(function CommandPage() {
  const s = useStyles();
  const http = useService<HttpService>(HttpService);
  const live = useService<LiveService>(LiveService);
  const toast = useService<ToastService>(ToastService);
  const [store] = useState(() => {
    const q = new URLSearchParams(window.location.search);
    return new CommandHistoryStore({ http, live }, { terminalNo: q.get('terminalNo') ?? '', batchId: q.get('batchId') ?? '' });
  });
  useEffect(() => store.start(), [store]);
  const f = store.filter;
  const nameLabel = listWords(store.rows.map((c) => c.assetKind), MIXED_ASSET_WORDS).nameLabel;
  const cols = useMemo(() => columns(nameLabel), [nameLabel]);

  return (
    <div className={s.root}>
      <div className={s.toolbar}>
        <Input maxLength={20}
          aria-label="终端号"
          placeholder="终端号"
          value={f.terminalNo}
          onChange={(_, d) => store.setFilter({ terminalNo: d.value })}
          onKeyDown={(e) => e.key === 'Enter' && store.search()}
        />
        <Dropdown
          className={s.status}
          aria-label="状态"
          value={STATUS_OPTIONS.find(([v]) => v === f.status)?.[1] ?? '全部状态'}
          selectedOptions={[f.status]}
          onOptionSelect={(_, d) => store.setFilter({ status: d.optionValue ?? '' })}
        >
          {STATUS_OPTIONS.map(([v, label]) => (
            <Option key={v || 'all'} value={v}>
              {label}
            </Option>
          ))}
        </Dropdown>
        <Input maxLength={64}
          aria-label="批次号"
          placeholder="批次号"
          value={f.batchId}
          onChange={(_, d) => store.setFilter({ batchId: d.value })}
          onKeyDown={(e) => e.key === 'Enter' && store.search()}
        />
        <Button appearance="primary" onClick={store.search}>
          查询
        </Button>
        <Button onClick={store.reset}>重置</Button>
        <Button icon={<ArrowDownloadRegular />} disabled={store.exporting} onClick={() => void store.exportSheet().catch((e: unknown) => toast.show(e instanceof Error ? e.message : String(e), 'error'))}>
          导出
        </Button>
      </div>
      {store.error && (
        <MessageBar intent="error">
          <MessageBarBody>{store.error}</MessageBarBody>
          <Button size="small" appearance="transparent" onClick={() => void store.load()}>
            重试
          </Button>
        </MessageBar>
      )}
      <DataTable
        label="指令记录"
        rows={store.rows}
        columns={cols}
        rowKey={(c) => String(c.id)}
        height={TABLE_HEIGHT}
        rowHeight={ROW_HEIGHT}
        empty={store.loading ? '加载中…' : '暂无指令记录'}
      />
      <PaginationBar pagination={store.pagination} onChange={() => void store.load()} disabled={store.loading} />
    </div>
  );
});
export default CommandPage;
