import { useEffect, useState } from 'react';
import { Spinner, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { expectOk, formatChinaTime, HttpService, LiveService, toChinaIso, useService, type VehicleTabProps } from '@tianlu/sdk';
import { ColdChainApi, errorText, type TemperatureReading, type TemperatureSeries } from '../api';
import { StateBadge } from './state-badge';
import { TemperatureChart } from './temperature-chart';
import { formatCelsius, limitsText, stateOf } from './temperature-text';

/** How far back the tab's chart reaches, hours. */
export const TAB_HOURS = 6;

/** The reading the server part decodes into every position (`cold-chain.t1`, the 温度 monitor column). */
const READING = 'cold-chain.t1';

/** The newest of the series' last reading and the live position's, if any. */
export function latestReading(series: readonly TemperatureReading[], live: TemperatureReading | undefined): TemperatureReading | undefined {
  const last = series.at(-1);
  if (!live) return last;
  if (!last) return live;
  return Date.parse(live.time) >= Date.parse(last.time) ? live : last;
}

/**
 * The 温度 tab 冷链监控 lends the vehicle-info dialog (vehicleTabs): the latest temperature (kept
 * current by the live position), the vehicle's limits, its state and a chart of the last hours.
 */
const VehicleTemperatureTab = observer(function VehicleTemperatureTab({ terminalNo }: VehicleTabProps) {
  const http = useService(HttpService);
  const position = useService(LiveService).positions.get(terminalNo);
  const [series, setSeries] = useState<TemperatureSeries>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let current = true;
    setSeries(undefined);
    setError(undefined);
    const end = Date.now();
    http
      .call(ColdChainApi.readings, { terminalNo, start: toChinaIso(end - TAB_HOURS * 3_600_000), end: toChinaIso(end) })
      .then(expectOk)
      .then(
        (answer) => current && setSeries(answer),
        (e: unknown) => current && setError(errorText(e)),
      );
    return () => void (current = false);
  }, [http, terminalNo]);

  if (error) return <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>{error}</Text>;
  if (!series) return <Spinner size="tiny" label="加载中…" />;

  const liveValue = position?.readings?.[READING];
  const live = typeof liveValue === 'number' && position?.gpsTime ? { celsius: liveValue, time: position.gpsTime } : undefined;
  const latest = latestReading(series.list, live);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, maxHeight: 360, overflowY: 'auto' }} aria-label="车辆温度">
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
        <Text size={500} weight="semibold" aria-label="最新温度">{formatCelsius(latest?.celsius)}</Text>
        <StateBadge state={stateOf(latest?.celsius, series)} />
        <Text size={200}>{latest ? `读数时间 ${formatChinaTime(latest.time)}` : '尚无温度读数'}</Text>
        <Text size={200}>{`上下限 ${limitsText(series)}`}</Text>
      </div>
      {series.list.length === 0 ? (
        <Text>{`最近 ${TAB_HOURS} 小时没有温度读数`}</Text>
      ) : (
        <TemperatureChart label={`最近 ${TAB_HOURS} 小时温度`} readings={series.list} limits={series} height={180} />
      )}
    </div>
  );
});
export default VehicleTemperatureTab;
