import { listWords, type DataTableColumn } from '@tianlu/sdk';

/**
 * A report's columns with the name (`plate`), group (`group`) and moving time (`driving`) columns
 * headed in the words of the rows' kind: 姓名, 部门 and 移动时长 for people, 宠物名 for pets, 骑行时长
 * for e-bikes, 名称 and 分组 when the rows are of several kinds.
 */
export function withAssetWords<T extends { assetKind?: string | null }>(columns: readonly DataTableColumn<T>[], rows: readonly T[]): DataTableColumn<T>[] {
  const words = listWords(rows.map((r) => r.assetKind));
  const titles: Record<string, string> = { plate: words.nameLabel, group: words.groupLabel, driving: `${words.moving}时长` };
  return columns.map((c) => (titles[c.key] ? { ...c, title: titles[c.key] } : c));
}
