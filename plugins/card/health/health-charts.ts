import type { HealthChartSeries } from '@tianlu/sdk';
import type { HealthReading, HealthSeries } from './health-api';

/** One chart of a person's day: its readings and the 健康设置 limits drawn across it. */
export interface HealthChartSpec {
  label: string;
  series: HealthChartSeries[];
  limits: { name: string; value: number }[];
}

function line(readings: readonly HealthReading[], key: keyof Omit<HealthReading, 'time'>, name: string, unit: string, color: string): HealthChartSeries {
  const points = readings.filter((r) => r[key] !== null).map((r): [number, number] => [Date.parse(r.time), r[key]!]);
  return { name, unit, color, points };
}

/** The charts of a person's day (心率, 血压, 血氧, 体温, 步数) against the limits that apply to them. */
export function healthCharts(data: HealthSeries): HealthChartSpec[] {
  const r = data.readings;
  const t = data.threshold;
  return [
    { label: '心率', series: [line(r, 'heartRate', '心率', '次/分', '#d13438')], limits: [{ name: '下限', value: t.heartRateMin }, { name: '上限', value: t.heartRateMax }] },
    {
      label: '血压',
      series: [line(r, 'systolic', '收缩压', 'mmHg', '#8764b8'), line(r, 'diastolic', '舒张压', 'mmHg', '#0f6cbd')],
      limits: [
        { name: '收缩压上限', value: t.systolicMax }, { name: '收缩压下限', value: t.systolicMin },
        { name: '舒张压上限', value: t.diastolicMax }, { name: '舒张压下限', value: t.diastolicMin },
      ],
    },
    { label: '血氧', series: [line(r, 'spo2', '血氧', '%', '#038387')], limits: [{ name: '下限', value: t.spo2Min }] },
    { label: '体温', series: [line(r, 'temperature', '体温', '℃', '#ca5010')], limits: [{ name: '下限', value: t.temperatureMin }, { name: '上限', value: t.temperatureMax }] },
    { label: '步数', series: [line(r, 'steps', '步数', '步', '#107c10')], limits: [{ name: '目标', value: t.stepGoal }] },
  ];
}
