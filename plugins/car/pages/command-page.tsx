import { useMemo, useState } from 'react';
import { Badge, Button, Dropdown, Field, makeStyles, Option, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import {
  chinaDay,
  COMMAND_STATUS_NAMES,
  CommandApi,
  describeCommandParams,
  describeCommandResult,
  formatChinaTime,
  HttpService,
  KeywordField,
  listWords,
  MIXED_ASSET_WORDS,
  NETWORK_ERROR_MESSAGE,
  PageSection,
  PagedTable,
  SearchButtons,
  ToastService,
  usePagedQuery,
  useService,
  type Command,
  type DataTableColumn,
} from '@tianlu/sdk';
import { commandList, filterQuery, NO_FILTER, openingFilter, type CommandFilter } from '../command/command-query';
import { useCommandLive } from '../command/use-command-live';

const ROW_HEIGHT = 36;
const TABLE_HEIGHT = ROW_HEIGHT * 12;

const useStyles = makeStyles({
  status: { minWidth: '120px' },
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

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : NETWORK_ERROR_MESSAGE);

/**
 * /car/command 指令记录: every command sent to the terminals the user may see, newest first, 20 a page,
 * with live status; opened with `?terminalNo=` or `?batchId=` it shows those commands.
 */
const CommandPage = observer(function CommandPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const toast = useService(ToastService);
  const [form, setForm] = useState<CommandFilter>(() => openingFilter(window.location.search));
  const [exporting, setExporting] = useState(false);
  const list = usePagedQuery(commandList(form));
  useCommandLive(list);
  const { rows, error, load } = list;
  const nameLabel = listWords(rows.map((c) => c.assetKind), MIXED_ASSET_WORDS).nameLabel;
  const cols = useMemo(() => columns(nameLabel), [nameLabel]);

  const set = (patch: Partial<CommandFilter>) => setForm((f) => ({ ...f, ...patch }));
  const search = () => list.search({ ...form });
  const reset = () => {
    setForm(NO_FILTER);
    list.search(NO_FILTER);
  };
  // 导出: the commands of the filter as typed, as a spreadsheet (Chinese results with the devices' own answers)
  const exportSheet = async () => {
    setExporting(true);
    try {
      await http.downloadBlob(CommandApi.export.path, filterQuery(form), `指令记录-${chinaDay().replaceAll('-', '')}.xlsx`);
    } catch (e) {
      toast.show(errorText(e), 'error');
    } finally {
      setExporting(false);
    }
  };

  return (
    <PageSection
      title="指令记录"
      error={error}
      onRetry={() => void load()}
      tools={
        <Button icon={<ArrowDownloadRegular />} disabled={exporting} onClick={() => void exportSheet()}>
          导出
        </Button>
      }
      filters={
        <>
          <KeywordField label="终端号" icon={false} maxLength={20} placeholder="终端号" value={form.terminalNo} onChange={(terminalNo) => set({ terminalNo })} onSearch={search} />
          <Field label="状态">
            <Dropdown
              className={s.status}
              value={STATUS_OPTIONS.find(([v]) => v === form.status)?.[1] ?? '全部状态'}
              selectedOptions={[form.status]}
              onOptionSelect={(_, d) => set({ status: d.optionValue ?? '' })}
            >
              {STATUS_OPTIONS.map(([v, label]) => (
                <Option key={v || 'all'} value={v}>
                  {label}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <KeywordField label="批次号" icon={false} maxLength={64} placeholder="批次号" value={form.batchId} onChange={(batchId) => set({ batchId })} onSearch={search} />
          <SearchButtons onSearch={search} onReset={reset} />
        </>
      }
    >
      <PagedTable label="指令记录" list={list} columns={cols} rowKey={(c) => String(c.id)} height={TABLE_HEIGHT} rowHeight={ROW_HEIGHT} empty="暂无指令记录" />
    </PageSection>
  );
});
export default CommandPage;
