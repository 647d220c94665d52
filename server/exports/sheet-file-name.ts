/** `用户列表-20260101.xlsx`: a title and the China day of `now`. */
export function sheetFileName(title: string, now: Date): string {
  const day = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
  return `${title}-${day}.xlsx`;
}
