/** The parts of ECharts the SDK's {@link EChart} draws with, registered once (loaded on demand with the chart). */
import { BarChart, EffectScatterChart, HeatmapChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, GridComponent, LegendComponent, MarkLineComponent, TitleComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { loadBasemapData } from '../asset-map/basemap-data';

echarts.use([
  BarChart, LineChart, PieChart, ScatterChart, EffectScatterChart, HeatmapChart,
  GridComponent, GeoComponent, LegendComponent, MarkLineComponent, TitleComponent, TooltipComponent, VisualMapComponent, CanvasRenderer,
]);

let china: Promise<void> | undefined;

/**
 * Registers China's provinces (the offline basemap's outlines, WGS84) as the map `china`, once per
 * page: later charts, and later visits of a page, draw on it without fetching it again.
 */
export function registerChinaMap(): Promise<void> {
  china ??= loadBasemapData().then(
    (geo) => {
      const provinces = { ...geo, features: geo.features.filter((f) => f.properties.kind === 'province') };
      echarts.registerMap('china', provinces as unknown as Parameters<typeof echarts.registerMap>[1]);
    },
    (err: unknown) => {
      china = undefined; // a failed fetch is tried again by the next chart
      throw err;
    },
  );
  return china;
}

export { echarts };
