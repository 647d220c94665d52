import { useEffect, useMemo, useState } from 'react';
import { Field, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { chinaDay, chinaDayStart, expectOk, HealthChart, HttpService, Input, PageSection, useService } from '@tianlu/sdk';
import { errorText } from '../attendance/attendance-api';
import { CardApi, type HealthSeries } from '../health/health-api';
import { healthCharts } from '../health/health-charts';
import { healthSeriesAhead } from '../health/badge-people-query';
import { useBadgePeople } from '../health/use-badge-people';

const useStyles = makeStyles({
  charts: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))', gap: '16px' },
  chart: { display: 'flex', flexDirection: 'column', gap: '4px', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '8px' },
  date: { width: '160px' },
  pick: { minWidth: '220px' },
});

/**
 * /card/health 健康 (menu 1105): a person's heart rate, blood pressure, SpO₂, temperature and steps over
 * a day against the 健康设置 that apply to them; each chart's axis fits its readings and limits.
 */
export default function HealthPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const [day, setDay] = useState(chinaDay());
  const { people, personId, setPersonId, loadError } = useBadgePeople((id) => {
    if (day) void healthSeriesAhead(http, Number(id), day).catch(() => undefined);
  });
  const [data, setData] = useState<HealthSeries>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!personId || !day) return;
    let live = true;
    http.call(CardApi.healthSeries, { vehicleId: Number(personId), day }).then(
      (res) => {
        if (!live) return;
        setData(expectOk(res));
        setError(undefined);
      },
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [http, personId, day]);

  const range = useMemo((): [number, number] | undefined => {
    if (!data) return undefined;
    const start = chinaDayStart(data.day);
    return [start, start + 86_400_000];
  }, [data]);
  const charts = useMemo(() => (data ? healthCharts(data) : []), [data]);

  return (
    <PageSection
      title="健康"
      error={error ?? loadError}
      filters={
        <>
          <Field label="人员">
            <Select className={s.pick} value={personId} onChange={(_, d) => setPersonId(d.value)}>
              {(people ?? []).map((p) => <option key={p.id} value={p.id}>{`${p.name}${p.employeeNo ? `（${p.employeeNo}）` : ''}${p.department ? ` · ${p.department}` : ''}`}</option>)}
            </Select>
          </Field>
          <Field label="日期">
            <Input className={s.date} type="date" value={day} onChange={(_, d) => setDay(d.value)} />
          </Field>
        </>
      }
    >
      {people?.length === 0 && <Text>没有佩戴工牌的人员</Text>}
      {data && data.readings.length === 0 && <Text>{`${data.person.name} 在 ${data.day} 没有健康读数`}</Text>}
      {data && data.readings.length > 0 && (
        <div className={s.charts}>
          {charts.map((c) => (
            <div key={c.label} className={s.chart}>
              <Text weight="semibold">{c.label}</Text>
              <HealthChart label={c.label} series={c.series} limits={c.limits} range={range} />
            </div>
          ))}
        </div>
      )}
    </PageSection>
  );
}
