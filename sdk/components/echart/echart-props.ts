/** An ECharts option object (kept loose so the SDK entry does not pull ECharts' types into plugins' bundles). */
export type EChartOption = Record<string, unknown>;

/** Props of `EChart`. */
export interface EChartProps {
  option: EChartOption;
  /** Accessible name of the chart (also `aria-label` of its box, for scenarios). */
  label: string;
  /** CSS height; default 240px. The width follows the parent. */
  height?: number | string;
  /** Registers the offline China outline as the map `china` first (for `geo` and map series). */
  chinaMap?: boolean;
  /** ECharts theme name: `dark` for 大屏-style pages. */
  theme?: 'dark';
}
