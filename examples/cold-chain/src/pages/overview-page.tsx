import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Button, Dropdown, Field, Option, Spinner, Text } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowClockwiseRegular } from '@fluentui/react-icons';
import {
  chinaDayRange,
  DataTable,
  type DataTableColumn,
  expectOk,
  formatChinaTime,
  HttpService,
  KeywordField,
  NavigationService,
  PageSection,
  Permission,
  ToastService,
  useBackgroundExport,
  useService,
} from '@tianlu/sdk';
import { ColdChainApi, errorText, shownTerminalNo, type TemperatureState, type VehicleTemperature } from '../api';
import { ColdChainButtons } from '../cold-chain-declaration';
import { ExportDialog } from '../components/export-dialog';
import { LimitsDialog } from '../components/limits-dialog';
import { StateBadge } from '../components/state-badge';
import { formatCelsius, limitsText, STATE_LABELS } from '../components/temperature-text';

type StateFilter = TemperatureState | 'all';
const STATE_FILTERS: readonly StateFilter[] = ['all', 'over', 'normal', 'none'];
const filterLabel = (f: StateFilter) => (f === 'all' ? '全部' : STATE_LABELS[f]);

/** The vehicles a keyword (part of the plate or the terminal number) and a state pick. */
export function filterVehicles(list: readonly VehicleTemperature[], keyword: string, state: StateFilter): VehicleTemperature[] {
  const kw = keyword.trim().toLowerCase();
  return list.filter((v) => (state === 'all' || v.state === state) && (!kw || v.name.toLowerCase().includes(kw) || shownTerminalNo(v).includes(kw)));
}

/** `共 12 辆：超限 1，正常 9，无数据 2`. */
export function vehicleCountText(list: readonly VehicleTemperature[]): string {
  const count = (s: TemperatureState) => list.filter((v) => v.state === s).length;
  return `共 ${list.length} 辆：超限 ${count('over')}，正常 ${count('normal')}，无数据 ${count('none')}`;
}

/**
 * 温度总览 (menu 41001): every vehicle the user may see with its latest temperature, its limits (its own
 * or the tenant default, marked 默认) and its state; 设置上下限 per vehicle and 导出 of a range of days.
 */
export default function OverviewPage() {
  const http = useService(HttpService);
  const toast = useService(ToastService);
  const nav = useService(NavigationService);
  const { exporting, startExport } = useBackgroundExport();
  const [list, setList] = useState<VehicleTemperature[]>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string>();
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<StateFilter>('all');
  const [editing, setEditing] = useState<VehicleTemperature>();
  const [exportOpen, setExportOpen] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    setError(undefined);
    try {
      setList(expectOk(await http.call(ColdChainApi.vehicles)).list);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setLoading(false);
    }
  }, [http]);
  useEffect(() => void load(), [load]);

  const rows = useMemo(() => filterVehicles(list ?? [], keyword, state), [list, keyword, state]);

  const columns: DataTableColumn<VehicleTemperature>[] = [
    { key: 'name', title: '车牌', width: 120, render: (v) => v.name },
    { key: 'terminalNo', title: '终端号', width: 140, render: shownTerminalNo },
    { key: 'celsius', title: '最新温度', width: 100, align: 'right', render: (v) => formatCelsius(v.latest?.celsius) },
    { key: 'time', title: '读数时间', width: 170, render: (v) => formatChinaTime(v.latest?.time) },
    {
      key: 'limits', title: '上下限', width: 170,
      render: (v) => (
        <span>
          {limitsText(v)}
          {!v.custom && (
            <Badge appearance="outline" size="small" color="informative" style={{ marginLeft: 6 }}>
              默认
            </Badge>
          )}
        </span>
      ),
    },
    { key: 'state', title: '状态', width: 90, render: (v) => <StateBadge state={v.state} /> },
    {
      key: 'ops', title: '操作', width: 180,
      render: (v) => (
        <>
          <Permission button={ColdChainButtons.setLimits}>
            <Button size="small" appearance="transparent" aria-label={`设置上下限：${v.name}`} onClick={() => setEditing(v)}>
              设置上下限
            </Button>
          </Permission>
          <Button size="small" appearance="transparent" aria-label={`运输温度：${v.name}`} onClick={() => nav.navigate(`/cold-chain/trips?terminalNo=${encodeURIComponent(v.terminalNo)}`)}>
            运输温度
          </Button>
        </>
      ),
    },
  ];

  const filtered = keyword.trim() !== '' || state !== 'all';
  return (
    <PageSection
      title="温度总览"
      error={error}
      onRetry={() => void load()}
      tools={
        <>
          <Button icon={<ArrowClockwiseRegular />} disabled={loading} onClick={() => void load()}>
            刷新
          </Button>
          <Permission button={ColdChainButtons.exportReadings}>
            <Button icon={<ArrowDownloadRegular />} disabled={exporting} onClick={() => setExportOpen(true)}>
              导出
            </Button>
          </Permission>
        </>
      }
      filtersLabel="车辆查询"
      filters={
        <>
          <KeywordField label="车牌 / 终端号" value={keyword} placeholder="输入即筛选" onChange={setKeyword} onSearch={() => undefined} />
          <Field label="状态">
            <Dropdown
              style={{ minWidth: 120 }}
              value={filterLabel(state)}
              selectedOptions={[state]}
              onOptionSelect={(_, d) => setState((d.optionValue as StateFilter | undefined) ?? 'all')}
            >
              {STATE_FILTERS.map((f) => (
                <Option key={f} value={f}>
                  {filterLabel(f)}
                </Option>
              ))}
            </Dropdown>
          </Field>
        </>
      }
    >
      {list === undefined ? (
        loading ? <Spinner size="small" label="正在读取车辆温度…" /> : null
      ) : (
        <>
          <Text size={200} aria-live="polite">
            {vehicleCountText(list)}
          </Text>
          <DataTable
            label="车辆温度"
            rows={rows}
            columns={columns}
            rowKey={(v) => v.terminalNo}
            height={400}
            empty={filtered ? '没有符合条件的车辆' : '暂无可查看的车辆'}
          />
        </>
      )}
      {editing && (
        <LimitsDialog
          vehicle={editing}
          onSaved={(message) => {
            toast.show(message, 'success');
            void load();
          }}
          onClose={() => setEditing(undefined)}
        />
      )}
      {exportOpen && (
        <ExportDialog
          onExport={(range) => startExport(ColdChainApi.exportReadings, chinaDayRange(range.start, range.end))}
          onClose={() => setExportOpen(false)}
        />
      )}
    </PageSection>
  );
}
