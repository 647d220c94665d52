import { createElement } from 'react';
import { lazyView } from '../react/lazy-view';

export { TRACK_COLORS } from './track-player/track-colors';

import type { TrackPlayerBarProps, TrackSpeedChartProps } from './track-player/track-player-props';
export type { TrackPlayerBarProps, TrackSpeedChartProps } from './track-player/track-player-props';

const SpeedChartView = lazyView(() => import('./track-player/speed-chart-view'));

/**
 * Starts loading the player's controls, the chart and ECharts now (e.g. while a track query
 * runs), so they are ready when the answer arrives instead of being parsed then.
 */
export function preloadTrackPlayer(): void {
  void import('./track-player/player-bar-view').catch(() => undefined);
  void import('./track-player/speed-chart-view').catch(() => undefined);
  void import('./track-player/echarts-speed').catch(() => undefined);
}

/**
 * Speed over time (ECharts, loaded on demand with this chart) with a cursor line that follows the
 * replay a few times a second; a click on the chart moves the replay to that time.
 */
export function TrackSpeedChart(props: TrackSpeedChartProps) {
  return createElement(SpeedChartView, props);
}

const loadPlayerBar = () => import('./track-player/player-bar-view');
const PlayerBarView = lazyView(loadPlayerBar);

/** Starts loading the replay controls, for a page that shows them. */
export function preloadPlayerBar(): void {
  void loadPlayerBar().catch(() => undefined);
}

/**
 * Controls of a replay: 播放/暂停, the speed (1×–16×), a progress slider and the time and speed at
 * the cursor. The slider and the readout are written directly on each move (no React render per
 * frame). Loaded on demand.
 */
export function TrackPlayerBar(props: TrackPlayerBarProps) {
  return createElement(PlayerBarView, props);
}
