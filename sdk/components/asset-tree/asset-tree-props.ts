import type { AssetStatusFilter } from '../../asset-status';
import type { MonitorItem, VehicleGroup } from '../../services/live-service';

/** Props of `AssetTree`. */
export interface AssetTreeProps {
  /** GET /car/v4/api/monitor/tree.json, or other groups such as a people's departments (see groupOf). */
  groups: readonly VehicleGroup[];
  /** The id of the group an asset is listed under; default its vehicle group (groupId). Keep it stable between renders. */
  groupOf?: (item: MonitorItem) => string | number | null | undefined;
  /** Every asset (the tree counts them per group and lists those matching the filter). */
  items: readonly MonitorItem[];
  status: AssetStatusFilter;
  onStatusChange: (status: AssetStatusFilter) => void;
  /** Search by plate or terminal number (partial). */
  keyword: string;
  onKeywordChange: (keyword: string) => void;
  /** Unticked vehicles (not shown on the map). */
  hidden: ReadonlySet<string>;
  /** Ticking or unticking a vehicle or a whole group. */
  onVisibilityChange: (terminalNos: string[], visible: boolean) => void;
  selected?: string;
  onSelect?: (terminalNo: string) => void;
  /** Height of the list, px; default: the height the tree is given (it fills its parent). */
  height?: number;
  /** What the search box looks for (default 车牌号 / 终端号, e.g. 姓名 / 终端号 for people). */
  searchLabel?: string;
  /** What the assets are called: the tree's name and its empty text (default 车辆, e.g. 人员). */
  noun?: string;
}
