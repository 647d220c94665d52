import { useEffect, useMemo, useState } from 'react';
import { makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { chinaDay, chinaDayStart, expectOk, HealthChart, HttpService, LiveService, useService, type VehicleTabProps } from '@tianlu/sdk';
import { errorText } from '../attendance/attendance-api';
import { CardApi, type HealthSeries } from '../health/health-api';
import { healthCharts } from '../health/health-charts';

const useStyles = makeStyles({
  // the dialog keeps its size: the charts scroll inside the tab
  root: { display: 'flex', flexDirection: 'column', gap: '8px', maxHeight: '360px', overflowY: 'auto', paddingRight: '4px' },
  // two charts a row; 血压's limit names are long, so it takes a whole row (the next charts fill the gap before it)
  charts: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gridAutoFlow: 'row dense', gap: '8px' },
  wide: { gridColumn: '1 / -1' },
  chart: { display: 'flex', flexDirection: 'column', gap: '2px', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '6px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * The 健康 tab 智能工牌 lends the vehicle-info dialog of a person (vehicleTabs): the badge's heart rate,
 * blood pressure, SpO₂, temperature and steps of today against the 健康设置 that apply to the person.
 */
const HealthTab = observer(function HealthTab(props: VehicleTabProps) {
  const s = useStyles();
  const http = useService(HttpService);
  const vehicleId = useService(LiveService).positions.get(props.terminalNo)?.vehicleId ?? null;
  const [day] = useState(chinaDay);
  const [data, setData] = useState<HealthSeries>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (vehicleId === null) return;
    let current = true;
    // a refusal (expectOk throws) reaches the error handler as a failed request does
    http
      .call(CardApi.healthSeries, { vehicleId, day })
      .then(expectOk)
      .then(
        (series) => current && setData(series),
        (e: unknown) => current && setError(errorText(e)),
      );
    return () => {
      current = false;
    };
  }, [http, vehicleId, day]);

  const range = useMemo((): [number, number] => [chinaDayStart(day), chinaDayStart(day) + 86_400_000], [day]);
  const charts = useMemo(() => (data ? healthCharts(data) : []), [data]);

  if (vehicleId === null) return <Text>该终端未绑定人员</Text>;
  if (error) return <Text role="alert" className={s.error}>{error}</Text>;
  if (!data) return <Spinner size="tiny" label="加载中…" />;
  return (
    <div className={s.root} aria-label="今天的健康读数">
      {data.readings.length === 0 ? (
        <Text>{`${data.person.name} 今天（${data.day}）没有健康读数`}</Text>
      ) : (
        <>
          <Text size={200}>{`${data.person.name} 今天（${data.day}）的健康读数，共 ${data.readings.length} 次`}</Text>
          <div className={s.charts}>
            {charts.map((c) => (
              <div key={c.label} className={mergeClasses(s.chart, c.limits.length > 2 && s.wide)}>
                <Text weight="semibold" size={200}>{c.label}</Text>
                <HealthChart label={c.label} series={c.series} limits={c.limits} range={range} height={150} />
              </div>
            ))}
          </div>
        </>
      )}
    </div>
  );
});
export default HealthTab;
