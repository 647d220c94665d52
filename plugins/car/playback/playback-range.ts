/** Durations of 轨迹回放's totals and stops. Pure. */

/** `1小时5分` / `12分30秒` / `45秒`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h) return `${h}小时${m}分`;
  if (m) return `${m}分${s % 60 ? `${s % 60}秒` : ''}`;
  return `${s}秒`;
}
