/** How an asset is shown and filtered: pure helpers over {@link MonitorItem}. */
import { vocabularyOf, type ListWords } from './asset-vocabulary';
import type { MonitorItem } from './services/live-service';

/** Drawing state: offline grey, alarm red, moving green, stopped blue. */
export type AssetState = 'moving' | 'stopped' | 'offline' | 'alarm';

/** The status filter of the monitor (全部/在线/离线/报警). */
export type AssetStatusFilter = 'all' | 'online' | 'offline' | 'alarm';

/** Colours of the asset states (map marks, tree badges, table). */
export const ASSET_STATE_COLORS: Record<AssetState, string> = {
  moving: '#2e9d5b',
  stopped: '#1f6fd1',
  offline: '#8a8f98',
  alarm: '#d13438',
};

export const ASSET_STATE_LABELS: Record<AssetState, string> = { moving: '行驶', stopped: '静止', offline: '离线', alarm: '报警' };

/** A state as `kind` says it: a person or pet 移动, an e-bike 骑行, a vehicle 行驶 (see {@link vocabularyOf}). */
export function assetStateLabel(state: AssetState, kind: string | null | undefined): string {
  const v = vocabularyOf(kind);
  return state === 'moving' ? v.moving : state === 'stopped' ? v.still : ASSET_STATE_LABELS[state];
}

/** A state as the assets of a list say it: their one kind's words, 移动 of several kinds (see {@link listWords}). */
export function listStateLabel(state: AssetState, words: Pick<ListWords, 'kind' | 'moving'>): string {
  if (words.kind) return assetStateLabel(state, words.kind);
  return state === 'moving' ? words.moving : ASSET_STATE_LABELS[state];
}

/**
 * Whether the asset is in alarm: it has an open alarm (`openAlarms`: unhandled, a condition type
 * while it lasts), the state every counter reads. Items of servers that do not say fall back to
 * the latest report's alarm bits.
 */
export function inAlarm(item: Pick<MonitorItem, 'openAlarms' | 'alarmFlags'>): boolean {
  return item.openAlarms === undefined ? item.alarmFlags !== 0 : item.openAlarms > 0;
}

/**
 * An asset with an open alarm is in alarm, online or not (an SOS whose badge then fell silent
 * must not turn grey); otherwise offline, else moving when speed > 0.
 */
export function assetState(item: Pick<MonitorItem, 'online' | 'alarmFlags' | 'openAlarms' | 'speed'>): AssetState {
  if (item.openAlarms !== undefined && item.openAlarms > 0) return 'alarm';
  if (!item.online) return 'offline';
  if (inAlarm(item)) return 'alarm';
  return (item.speed ?? 0) > 0 ? 'moving' : 'stopped';
}

/** Status filter: 在线/离线 by connection, 报警 any asset with an open alarm ({@link inAlarm}). */
export function matchesStatus(item: Pick<MonitorItem, 'online' | 'alarmFlags' | 'openAlarms'>, status: AssetStatusFilter): boolean {
  switch (status) {
    case 'online':
      return item.online;
    case 'offline':
      return !item.online;
    case 'alarm':
      return inAlarm(item);
    default:
      return true;
  }
}

/** Search by plate or terminal number: partial, case-insensitive, blanks ignored. */
export function matchesKeyword(item: Pick<MonitorItem, 'plateNo' | 'terminalNo'>, keyword: string): boolean {
  return keywordMatcher(keyword)(item);
}

/** {@link matchesKeyword} for one keyword over many assets (the keyword is normalised once). */
export function keywordMatcher(keyword: string): (item: Pick<MonitorItem, 'plateNo' | 'terminalNo'>) => boolean {
  const k = keyword.replace(/\s+/g, '').toUpperCase();
  if (!k) return () => true;
  return (item) => (item.plateNo ?? '').toUpperCase().includes(k) || item.terminalNo.includes(k);
}

/** True when the asset has a usable position. */
export function hasPosition(item: Pick<MonitorItem, 'lon' | 'lat'>): item is { lon: number; lat: number } {
  return typeof item.lon === 'number' && typeof item.lat === 'number' && Number.isFinite(item.lon) && Number.isFinite(item.lat);
}

/** Counts of the status filter's categories. */
export interface AssetCounts {
  all: number;
  online: number;
  offline: number;
  alarm: number;
}

/** The status and keyword filter of the monitor: what the tree lists and the map may show. */
export function filterAssets(items: readonly MonitorItem[], status: AssetStatusFilter, keyword: string): MonitorItem[] {
  const matches = keywordMatcher(keyword);
  return status === 'all' && !keyword.trim() ? [...items] : items.filter((i) => matchesStatus(i, status) && matches(i));
}

