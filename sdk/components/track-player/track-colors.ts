/** Colours of a replayed track, shared by the map layer, the chart and the legend. */
export const TRACK_COLORS = {
  ahead: '#9aa7b8',
  travelled: '#1f6fd1',
  start: '#2e9d4f',
  end: '#d13438',
  stop: '#7a56c2',
  alarm: '#e8590c',
  vehicle: '#1f6fd1',
} as const;
