import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Dropdown, Field, Option, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import {
  DataTable,
  type DataTableColumn,
  expectOk,
  formatChinaTime,
  HttpService,
  NavigationService,
  PageSection,
  Permission,
  preloadEChart,
  useBackgroundExport,
  useService,
} from '@tianlu/sdk';
import { ColdChainApi, errorText, tripRange, type TemperatureSeries, type Trip, type VehicleTemperature } from '../api';
import { ColdChainButtons } from '../cold-chain-declaration';
import { TemperatureChart } from '../components/temperature-chart';
import { durationText, formatCelsius, limitsText, tripKey } from '../components/temperature-text';
import { VehiclePicker } from '../components/vehicle-picker';

const DAY_CHOICES = [3, 7, 30] as const;

/** The vehicle a link names (`/cold-chain/trips?terminalNo=…`, from 温度总览), if any. */
function linkedTerminal(path: string): string | undefined {
  const search = path.includes('?') ? path.slice(path.indexOf('?')) : window.location.search;
  return new URLSearchParams(search).get('terminalNo') || undefined;
}

/** Whether a terminal number, in either form (a link may carry the one the console shows), is the vehicle's. */
export const isVehicleOf = (v: Pick<VehicleTemperature, 'terminalNo' | 'displayNo'>, terminalNo: string | undefined): boolean =>
  terminalNo !== undefined && (v.terminalNo === terminalNo || v.displayNo === terminalNo);

/** `11-27 08:00 ～ 11-27 12:30`. */
export function tripText(trip: Pick<Trip, 'start' | 'end'>): string {
  return `${formatChinaTime(trip.start, 'shortMinute')} ～ ${formatChinaTime(trip.end, 'shortMinute')}`;
}

/** A call's result as a page holds it: nothing asked yet, under way, answered, or failed. */
type Loaded<T> = { state: 'idle' } | { state: 'loading' } | { state: 'done'; value: T } | { state: 'failed'; error: string };

/**
 * 运输温度 (menu 41002): a vehicle's trips of the last days (its readings split where they pause longer
 * than the tenant's 行程间隔), and the chosen trip's temperature over time against the vehicle's
 * limits; 导出 sends that trip's readings to 下载中心.
 */
export default function TripsPage() {
  const http = useService(HttpService);
  const nav = useService(NavigationService);
  const { exporting, startExport } = useBackgroundExport();
  const [vehicles, setVehicles] = useState<Loaded<VehicleTemperature[]>>({ state: 'loading' });
  const [terminalNo, setTerminalNo] = useState(() => linkedTerminal(nav.path));
  const [days, setDays] = useState<number>(7);
  const [trips, setTrips] = useState<Loaded<Trip[]>>({ state: 'idle' });
  const [chosen, setChosen] = useState<Trip>();
  const [series, setSeries] = useState<Loaded<TemperatureSeries>>({ state: 'idle' });
  // an answer that comes after a newer request was sent is dropped: a slow earlier vehicle never replaces the one chosen last
  const tripsAsked = useRef(0);
  const seriesAsked = useRef(0);

  const loadVehicles = useCallback(async () => {
    setVehicles({ state: 'loading' });
    try {
      setVehicles({ state: 'done', value: expectOk(await http.call(ColdChainApi.vehicles)).list });
    } catch (e) {
      setVehicles({ state: 'failed', error: errorText(e) });
    }
  }, [http]);
  useEffect(() => {
    preloadEChart();
    void loadVehicles();
  }, [loadVehicles]);

  const loadTrips = useCallback(async () => {
    const asked = ++tripsAsked.current;
    setChosen(undefined);
    if (!terminalNo) return setTrips({ state: 'idle' });
    setTrips({ state: 'loading' });
    try {
      const list = expectOk(await http.call(ColdChainApi.trips, { terminalNo, days }));
      if (asked !== tripsAsked.current) return;
      setTrips({ state: 'done', value: list });
      setChosen(list[0]);
    } catch (e) {
      if (asked === tripsAsked.current) setTrips({ state: 'failed', error: errorText(e) });
    }
  }, [http, terminalNo, days]);
  useEffect(() => void loadTrips(), [loadTrips]);

  const loadSeries = useCallback(async () => {
    const asked = ++seriesAsked.current;
    if (!terminalNo || !chosen) return setSeries({ state: 'idle' });
    setSeries({ state: 'loading' });
    try {
      const value = expectOk(await http.call(ColdChainApi.readings, { terminalNo, ...tripRange(chosen) }));
      if (asked === seriesAsked.current) setSeries({ state: 'done', value });
    } catch (e) {
      if (asked === seriesAsked.current) setSeries({ state: 'failed', error: errorText(e) });
    }
  }, [http, terminalNo, chosen]);
  useEffect(() => void loadSeries(), [loadSeries]);

  const vehicle = vehicles.state === 'done' ? vehicles.value.find((v) => isVehicleOf(v, terminalNo)) : undefined;
  const error = vehicles.state === 'failed' ? vehicles.error : trips.state === 'failed' ? trips.error : undefined;
  const retry = vehicles.state === 'failed' ? loadVehicles : loadTrips;

  const columns = useMemo((): DataTableColumn<Trip>[] => [
    { key: 'start', title: '开始', width: 130, render: (t) => formatChinaTime(t.start, 'shortMinute') },
    { key: 'end', title: '结束', width: 130, render: (t) => formatChinaTime(t.end, 'shortMinute') },
    { key: 'duration', title: '时长', width: 110, render: (t) => durationText(t.start, t.end) },
    { key: 'readings', title: '读数', width: 80, align: 'right', render: (t) => t.readings },
    { key: 'minC', title: '最低', width: 90, align: 'right', render: (t) => formatCelsius(t.minC) },
    { key: 'maxC', title: '最高', width: 90, align: 'right', render: (t) => formatCelsius(t.maxC) },
    {
      key: 'over', title: '超限', width: 80, align: 'right',
      render: (t) => <span style={t.overCount > 0 ? { color: tokens.colorPaletteRedForeground1, fontWeight: 600 } : undefined}>{t.overCount}</span>,
    },
  ], []);

  return (
    <PageSection
      title="运输温度"
      error={error}
      onRetry={() => void retry()}
      tools={
        <Permission button={ColdChainButtons.exportTrip}>
          <Button
            icon={<ArrowDownloadRegular />}
            disabled={!chosen || !terminalNo || exporting}
            onClick={() => chosen && terminalNo && void startExport(ColdChainApi.exportReadings, { terminalNo, ...tripRange(chosen) })}
          >
            导出
          </Button>
        </Permission>
      }
      filtersLabel="行程查询"
      filters={
        <>
          <Field label="车辆">
            <VehiclePicker vehicles={vehicles.state === 'done' ? vehicles.value : []} value={vehicle?.terminalNo ?? terminalNo} onChange={setTerminalNo} />
          </Field>
          <Field label="时间范围">
            <Dropdown
              aria-label="时间范围"
              style={{ minWidth: 110 }}
              value={`最近${days}天`}
              selectedOptions={[String(days)]}
              onOptionSelect={(_, d) => d.optionValue && setDays(Number(d.optionValue))}
            >
              {DAY_CHOICES.map((n) => (
                <Option key={n} value={String(n)}>{`最近${n}天`}</Option>
              ))}
            </Dropdown>
          </Field>
          {vehicle && <Text size={200} style={{ paddingBottom: 6 }}>{`上下限 ${limitsText(vehicle)}${vehicle.custom ? '' : '（默认）'}`}</Text>}
        </>
      }
    >
      {!terminalNo && vehicles.state !== 'failed' && <Text>请选择车辆，查看它最近的运输行程和温度曲线。</Text>}
      {trips.state === 'loading' && <Spinner size="small" label="正在读取行程…" />}
      {trips.state === 'done' && (
        <>
          <Text size={200}>{trips.value.length ? `最近 ${days} 天共 ${trips.value.length} 个行程，点选一个查看温度曲线` : ''}</Text>
          <DataTable
            label="运输行程"
            rows={trips.value}
            columns={columns}
            rowKey={tripKey}
            height={160}
            selectedKey={chosen && tripKey(chosen)}
            onRowClick={setChosen}
            empty={`最近 ${days} 天没有温度读数`}
          />
        </>
      )}
      {chosen && (
        <section aria-label="行程温度" style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <Text weight="semibold">{`行程温度：${tripText(chosen)}`}</Text>
          {series.state === 'loading' && <Spinner size="small" label="正在读取温度…" />}
          {series.state === 'failed' && (
            <div style={{ display: 'flex', alignItems: 'center', gap: 8, color: tokens.colorPaletteRedForeground1 }}>
              <span role="alert">{series.error}</span>
              <Button size="small" appearance="transparent" onClick={() => void loadSeries()}>
                重试
              </Button>
            </div>
          )}
          {series.state === 'done' && <TemperatureChart label="行程温度曲线" readings={series.value.list} limits={series.value} height={240} />}
        </section>
      )}
    </PageSection>
  );
}
