/** Props of `PlatformOverview`. */
export interface PlatformOverviewProps {
  platformId: number;
  /** The sub-application's title, e.g. 智能车联. */
  title: string;
  /** e.g. `/car/`; the overview's own menu entry is left out. */
  basePath: string;
}
