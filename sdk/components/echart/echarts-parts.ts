/** The parts of ECharts the SDK's {@link EChart} draws with, registered once (loaded on demand with the chart). */
import { BarChart, EffectScatterChart, HeatmapChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, GridComponent, LegendComponent, MarkLineComponent, TitleComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  BarChart, LineChart, PieChart, ScatterChart, EffectScatterChart, HeatmapChart,
  GridComponent, GeoComponent, LegendComponent, MarkLineComponent, TitleComponent, TooltipComponent, VisualMapComponent, CanvasRenderer,
]);

let china: Promise<void> | undefined;

/** Registers China's provinces (the offline basemap's outlines, WGS84) as the map `china`, once. */
export function registerChinaMap(): Promise<void> {
  china ??= import('../asset-map/china-basemap.json').then((m) => {
    const geo = (m.default ?? m) as unknown as { type: string; features: { properties: { kind: string } }[] };
    const provinces = { ...geo, features: geo.features.filter((f) => f.properties.kind === 'province') };
    echarts.registerMap('china', provinces as unknown as Parameters<typeof echarts.registerMap>[1]);
  });
  return china;
}

export { echarts };
