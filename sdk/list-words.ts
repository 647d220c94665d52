/**
 * The words of a list's columns, apart from the rest of sdk/asset-vocabulary.ts (which re-exports
 * them): the alarm contracts the console loads at its start name their fields with them.
 */
import type { AssetKind } from './asset-kinds';

/** The words of a list's name and group columns; `kind` when the list holds one kind. */
export interface ListWords {
  kind?: AssetKind;
  nameLabel: string;
  groupLabel: string;
  noun: string;
  /** Moving, as in 行驶时长 / 移动时长 / 骑行时长. */
  moving: string;
  /** Its speed: 车速 of vehicles and e-bikes, 速度 otherwise. */
  speed: string;
  handlingExample: string;
  /** What follows a number of them: 辆, 人, 只, 个. */
  unit: string;
}

/** Words of a list that holds several kinds, and of a page or filter that serves several. */
export const MIXED_ASSET_WORDS: ListWords = { nameLabel: '名称', groupLabel: '分组', noun: '资产', moving: '移动', speed: '速度', handlingExample: '已联系相关人员，确认安全', unit: '个' };
