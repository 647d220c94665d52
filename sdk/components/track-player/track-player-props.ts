import type { TrackStop } from '../../track';
import type { TrackPlayback } from './track-playback';

/** Props of `TrackSpeedChart`. */
export interface TrackSpeedChartProps {
  playback: TrackPlayback;
  /** Speed over time (TrackAnswer.speedSeries): epoch ms and km/h. */
  series: { t: number[]; v: number[] };
  /** Shaded on the chart. */
  stops?: readonly TrackStop[];
  /** px, default 160. */
  height?: number;
}

/** Props of `TrackPlayerBar`. */
export interface TrackPlayerBarProps {
  playback: TrackPlayback;
  disabled?: boolean;
}
