import { listWords, type DataTableColumn } from '@tianlu/sdk';

/**
 * A report's columns with the name (`plate`) and group (`group`) columns headed in the words of
 * the rows' kind: 姓名 and 部门 for people, 宠物名 for pets, 名称 and 分组 when the rows are of several kinds.
 */
export function withAssetWords<T extends { assetKind?: string | null }>(columns: readonly DataTableColumn<T>[], rows: readonly T[]): DataTableColumn<T>[] {
  const words = listWords(rows.map((r) => r.assetKind));
  return columns.map((c) => (c.key === 'plate' ? { ...c, title: words.nameLabel } : c.key === 'group' ? { ...c, title: words.groupLabel } : c));
}
