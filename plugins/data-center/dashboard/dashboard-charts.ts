import { ASSET_KIND_DEFINITIONS, assetKindOf, type DashboardData, type EChartOption } from '@tianlu/sdk';

/** Light pages or the dark 大屏. */
export type ChartTone = 'light' | 'dark';

export const STATUS_NAMES = { online: '在线', offline: '离线', alarm: '告警', expired: '已到期', inactive: '未上线' } as const;
export const STATUS_COLORS = { online: '#2fb36b', offline: '#8a94a6', alarm: '#f05a4f', expired: '#c9912b', inactive: '#4f8ff7' } as const;
const STATUSES = Object.keys(STATUS_NAMES) as (keyof typeof STATUS_NAMES)[];

/** 车辆, 人员, 宠物, 电动车 (未绑定 for terminals without an asset). */
export function kindName(kind: string | null): string {
  const k = kind ? assetKindOf(kind) : undefined;
  return k ? ASSET_KIND_DEFINITIONS[k].noun : '未绑定';
}

const text = (tone: ChartTone) => (tone === 'dark' ? '#c8d6f0' : '#42526e');
const split = (tone: ChartTone) => (tone === 'dark' ? 'rgba(120,160,220,0.15)' : '#eef0f3');
const shortDay = (day: string) => day.slice(5);

function axes(tone: ChartTone) {
  const axisLabel = { color: text(tone) };
  return {
    axisLabel,
    axisLine: { lineStyle: { color: split(tone) } },
    splitLine: { lineStyle: { color: split(tone) } },
  };
}

/** Stacked bars: each kind's assets by status. */
export function kindStatusOption(d: DashboardData, tone: ChartTone): EChartOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: { color: text(tone) } },
    grid: { left: 48, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: d.kinds.map((k) => kindName(k.kind)), ...axes(tone) },
    yAxis: { type: 'value', minInterval: 1, ...axes(tone) },
    series: STATUSES.map((s) => ({
      name: STATUS_NAMES[s], type: 'bar', stack: 'assets', barMaxWidth: 36, itemStyle: { color: STATUS_COLORS[s] },
      data: d.kinds.map((k) => k[s]),
    })),
  };
}

/** The daily online rate of the 30 days up to today, percent. */
export function onlineTrendOption(d: DashboardData, tone: ChartTone): EChartOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${v as number}%` },
    grid: { left: 48, right: 16, top: 20, bottom: 28 },
    xAxis: { type: 'category', data: d.days.map((x) => shortDay(x.day)), ...axes(tone) },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { color: text(tone), formatter: '{value}%' }, splitLine: { lineStyle: { color: split(tone) } } },
    series: [{ name: '在线率', type: 'line', smooth: true, showSymbol: false, areaStyle: { opacity: 0.2 }, itemStyle: { color: '#3aa0ff' }, data: d.days.map((x) => x.onlineRate) }],
  };
}

/** Kilometres per day of the 30 days up to today. */
export function mileageTrendOption(d: DashboardData, tone: ChartTone): EChartOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${v as number} km` },
    grid: { left: 56, right: 16, top: 20, bottom: 28 },
    xAxis: { type: 'category', data: d.days.map((x) => shortDay(x.day)), ...axes(tone) },
    yAxis: { type: 'value', name: 'km', nameTextStyle: { color: text(tone) }, ...axes(tone) },
    series: [{ name: '里程', type: 'bar', barMaxWidth: 18, itemStyle: { color: '#36cfc9' }, data: d.days.map((x) => x.mileage) }],
  };
}

/** Alarms of the period by type (a ring). */
export function alarmMixOption(d: DashboardData, tone: ChartTone): EChartOption {
  return {
    animation: false,
    tooltip: { trigger: 'item', formatter: '{b}：{c} 次（{d}%）' },
    title: d.alarmTypes.length ? undefined : { text: '近30天没有告警', left: '35%', top: 'middle', textAlign: 'center', textStyle: { color: text(tone), fontSize: 14, fontWeight: 'normal' } },
    legend: { show: d.alarmTypes.length > 0, type: 'scroll', orient: 'vertical', right: 0, top: 'middle', textStyle: { color: text(tone) } },
    series: [{
      name: '告警类型', type: 'pie', radius: ['45%', '70%'], center: ['35%', '50%'], label: { show: false }, showEmptyCircle: false,
      data: d.alarmTypes.map((a) => ({ name: a.alarmName, value: a.count })),
    }],
  };
}

/** Where the assets are now: a heat map over the offline China outline. */
export function heatMapOption(d: DashboardData, tone: ChartTone): EChartOption {
  const max = d.heat.reduce((m, c) => Math.max(m, c[2]), 1);
  return {
    animation: false,
    tooltip: { trigger: 'item', formatter: (p: { value?: number[] }) => (p.value ? `${p.value[2]} 个资产` : '') },
    geo: {
      map: 'china', roam: true, zoom: 1.15, center: [104.5, 36],
      itemStyle: tone === 'dark' ? { areaColor: '#0d2a4f', borderColor: '#2f6fb8' } : { areaColor: '#f2f4f7', borderColor: '#b8c2d1' },
      emphasis: { itemStyle: { areaColor: tone === 'dark' ? '#16406f' : '#e3e8ef' }, label: { show: false } },
      label: { show: false },
    },
    visualMap: {
      min: 0, max, calculable: false, orient: 'vertical', left: 8, bottom: 8, itemHeight: 80,
      text: ['多', '少'], textStyle: { color: text(tone) }, inRange: { color: ['#3aa0ff', '#ffd84d', '#ff5a3c'] },
    },
    series: [
      { name: '资产分布', type: 'heatmap', coordinateSystem: 'geo', pointSize: 10, blurSize: 14, data: d.heat },
      {
        name: '资产', type: 'effectScatter', coordinateSystem: 'geo', symbolSize: (v: number[]) => Math.min(14, 4 + v[2]! * 2),
        rippleEffect: { scale: 3 }, itemStyle: { color: '#ffd84d' }, data: d.heat.slice(0, 20),
        // the ripples on a canvas of their own: each of their frames repaints them, not the provinces under them
        zlevel: 1,
      },
    ],
  };
}
