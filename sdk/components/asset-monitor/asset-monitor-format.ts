import { ASSET_STATE_COLORS, assetState, assetStateLabel } from '../../asset-status';
import type { MonitorItem } from '../../services/live-service';

/** The status of an asset whose service ran out (the server withholds its live data). */
export const EXPIRED_LABEL = '服务已到期';
export const EXPIRED_HINT = '服务已到期，请续费';
export const EXPIRED_COLOR = '#b35c00';

/** How the 状态 column shows an asset: its drawing state, or 服务已到期 with the server's hint. */
export interface AssetStatusView {
  state: string;
  label: string;
  color: string;
  /** Tooltip. */
  title?: string;
}

export function assetStatusView(item: MonitorItem): AssetStatusView {
  if (item.expired) return { state: 'expired', label: EXPIRED_LABEL, color: EXPIRED_COLOR, title: item.hint || EXPIRED_HINT };
  const state = assetState(item);
  return { state, label: assetStateLabel(state, item.assetKind), color: ASSET_STATE_COLORS[state] };
}
