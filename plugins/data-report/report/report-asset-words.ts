import { listWords, MIXED_ASSET_WORDS, type DataTableColumn, type ListWords } from '@tianlu/sdk';

/**
 * The words of a report: those of its rows' one kind (a report filtered to one asset or one kind's
 * assets), 名称 and 分组 when the rows are of several kinds or there are none yet — reports serve
 * every kind.
 */
export function reportWords(rows: readonly { assetKind?: string | null }[]): ListWords {
  return listWords(rows.map((r) => r.assetKind), MIXED_ASSET_WORDS);
}

/**
 * A report's columns with the name (`plate`), group (`group`) and moving time (`driving`) columns
 * headed in the words of the rows' kind: 姓名, 部门 and 移动时长 for people, 宠物名 for pets, 骑行时长
 * for e-bikes, 名称 and 分组 when the rows are of several kinds.
 */
export function withAssetWords<T extends { assetKind?: string | null }>(columns: readonly DataTableColumn<T>[], rows: readonly T[]): DataTableColumn<T>[] {
  const words = reportWords(rows);
  const titles: Record<string, string> = { plate: words.nameLabel, group: words.groupLabel, driving: `${words.moving}时长` };
  return columns.map((c) => (titles[c.key] ? { ...c, title: titles[c.key] } : c));
}
