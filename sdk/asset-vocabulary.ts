/**
 * What each kind of asset is called where the console speaks of it: the info dialog, status
 * words, column headers of alarms, reports and exports, the handling example, command names and
 * the word for a trip. One vocabulary per kind, built on {@link ASSET_KIND_DEFINITIONS} (its noun
 * and name label are not repeated here). Pure data and functions: no DOM, no React.
 */
import { ASSET_KIND_CODES, ASSET_KIND_DEFINITIONS, assetKindOf, type AssetKind, type ProfileField } from './asset-kinds';
import { MIXED_ASSET_WORDS, type ListWords } from './list-words';

/** The words of one kind. */
export interface AssetVocabulary {
  kind: AssetKind;
  /** 车辆, 人员, 宠物, 电动车 (from the kind's definition). */
  noun: string;
  /** Header of the name column: 车牌号, 姓名, 宠物名 (from the kind's definition). */
  nameLabel: string;
  /** Title of the info dialog: 车辆信息, 人员信息 … */
  infoTitle: string;
  /** Header of the group column: 车组 of vehicles, 部门 of people (their groups are departments), 分组 otherwise. */
  groupLabel: string;
  /** Status word of an asset that moves: 行驶, 移动, 骑行. */
  moving: string;
  /** Status word of an asset at rest. */
  still: string;
  /** Its speed, as in 车速超过 5 km/h: 车速 of what is ridden or driven, 速度 otherwise. */
  speed: string;
  /** The example under the handling note of an alarm. */
  handlingExample: string;
  /** Command names that differ from the generic ones, by command type (e.g. an e-bike's 断电/恢复供电). */
  commandNames: Readonly<Record<string, string>>;
  /** What a command's action is called when it differs, by `type.action` (e.g. `oilPower.cut` → 断电). */
  commandActions: Readonly<Record<string, string>>;
  /** A trip of this kind: 行程, 轨迹, 活动, 骑行 (a pet's depends on its species, see {@link activityWord}). */
  activity: string;
  /** What follows a number of them: 3 辆, 3 人, 3 只. */
  unit: string;
}

type OwnWords = Omit<AssetVocabulary, 'kind' | 'noun' | 'nameLabel' | 'infoTitle'>;

const OWN_WORDS: Readonly<Record<AssetKind, OwnWords>> = {
  vehicle: {
    groupLabel: '车组', moving: '行驶', still: '静止', speed: '车速', handlingExample: '已联系司机，确认安全', commandNames: {}, commandActions: {}, activity: '行程', unit: '辆',
  },
  person: {
    groupLabel: '部门', moving: '移动', still: '静止', speed: '速度', handlingExample: '已电话联系本人，确认安全', commandNames: {}, commandActions: {}, activity: '轨迹', unit: '人',
  },
  pet: {
    groupLabel: '分组', moving: '移动', still: '静止', speed: '速度', handlingExample: '已联系主人，确认宠物安全', commandNames: {}, commandActions: {}, activity: '活动', unit: '只',
  },
  ebike: {
    groupLabel: '分组', moving: '骑行', still: '静止', speed: '车速', handlingExample: '已联系车主，确认电动车安全',
    commandNames: { oilPower: '断电/恢复供电' }, commandActions: { 'oilPower.cut': '断电', 'oilPower.restore': '恢复供电' }, activity: '骑行', unit: '辆',
  },
};

/** Every kind's vocabulary; `vehicle` is also what a terminal without an asset is called. */
export const ASSET_VOCABULARY: Readonly<Record<AssetKind, AssetVocabulary>> = Object.fromEntries(
  ASSET_KIND_CODES.map((kind) => {
    const d = ASSET_KIND_DEFINITIONS[kind];
    return [kind, { kind, noun: d.noun, nameLabel: d.nameLabel, infoTitle: `${d.noun}信息`, ...OWN_WORDS[kind] }];
  }),
) as Record<AssetKind, AssetVocabulary>;

export { MIXED_ASSET_WORDS, type ListWords };

/** The words of `kind` (a code or a Chinese noun); a terminal without an asset, or an unknown kind, speaks as a vehicle. */
export function vocabularyOf(kind: string | null | undefined): AssetVocabulary {
  return ASSET_VOCABULARY[(kind && assetKindOf(kind)) || 'vehicle'];
}

/**
 * The headers of a list's name and group columns: those of its one kind, or {@link MIXED_ASSET_WORDS}
 * when it holds several. An empty list speaks as `none` (a vehicle's words unless told).
 */
export function listWords(kinds: Iterable<string | null | undefined>, none?: ListWords): ListWords {
  const seen = new Set<AssetKind>();
  for (const k of kinds) seen.add(vocabularyOf(k).kind);
  if (seen.size > 1) return MIXED_ASSET_WORDS;
  if (seen.size === 0 && none) return none;
  return vocabularyOf([...seen][0]);
}

/**
 * The words of a page or filter serving `kinds` (a sub-application's `assetKinds`): those of its
 * one kind, {@link MIXED_ASSET_WORDS} when it serves several or every kind (none given).
 */
export function servedWords(kinds: readonly AssetKind[] | undefined): ListWords {
  return kinds?.length ? listWords(kinds) : MIXED_ASSET_WORDS;
}

/** Label of a search by name or terminal: 车牌号/终端号, 姓名/终端号, 名称/终端号 … */
export function searchLabel(words: Pick<ListWords, 'nameLabel'>): string {
  return `${words.nameLabel}/终端号`;
}

/** The choice of a group filter that keeps every group: 全部车组, 全部部门, 全部分组. */
export function allGroupsLabel(words: Pick<ListWords, 'groupLabel'>): string {
  return `全部${words.groupLabel}`;
}

/** A pet's trip: 遛狗 for a dog, 活动 for other pets (and when the species is not known); other kinds' own word. */
export function activityWord(kind: string | null | undefined, species?: string | number | null): string {
  const v = vocabularyOf(kind);
  return v.kind === 'pet' && species === '狗' ? '遛狗' : v.activity;
}

/** The name of command `type` as `kind` calls it, or `generic` when the kind has no word of its own. */
export function commandNameFor(kind: string | null | undefined, type: string, generic: string): string {
  return vocabularyOf(kind).commandNames[type] ?? generic;
}

/** The name of a command's `action` as `kind` calls it, or `generic`. */
export function commandActionFor(kind: string | null | undefined, type: string, action: string, generic: string): string {
  return vocabularyOf(kind).commandActions[`${type}.${action}`] ?? generic;
}

/** The fields the info dialog shows of a kind's profile (photo apart: it is shown as a picture). */
export function infoFields(kind: string | null | undefined): readonly ProfileField[] {
  return ASSET_KIND_DEFINITIONS[vocabularyOf(kind).kind].fields.filter((f) => f.type !== 'photo');
}

/**
 * The words of `vehicle` that `kind` says otherwise (车辆, 车牌号, 车组, 车辆信息, 行驶 … for a person):
 * what must not appear where that kind is shown.
 */
export function vehicleWordsAvoided(kind: AssetKind): string[] {
  const own = ASSET_VOCABULARY[kind];
  const vehicle = ASSET_VOCABULARY.vehicle;
  const keys = ['noun', 'nameLabel', 'infoTitle', 'groupLabel', 'moving', 'handlingExample'] as const;
  return keys.filter((k) => own[k] !== vehicle[k]).map((k) => vehicle[k]);
}

/**
 * Header of the group column beside a kind's own fields (asset management, its import template):
 * the kind's group word, or 分组 where one of its fields already carries that word (a person's 部门
 * is a field of the profile, its group is the department tree the reports show).
 */
export function groupColumnLabel(kind: AssetKind): string {
  const { groupLabel } = ASSET_VOCABULARY[kind];
  return ASSET_KIND_DEFINITIONS[kind].fields.some((f) => f.label === groupLabel) ? '分组' : groupLabel;
}

/** An alarm's name as `kind` says it: the JT/T 808 names that begin with 车辆 (车辆被盗, 车辆非法位移) take the kind's noun. */
export function kindAlarmName(kind: string | null | undefined, name: string): string {
  const v = vocabularyOf(kind);
  return v.kind !== 'vehicle' && name.startsWith(ASSET_VOCABULARY.vehicle.noun) ? `${v.noun}${name.slice(ASSET_VOCABULARY.vehicle.noun.length)}` : name;
}

/** The title of 日在线 (menu 2030, which serves every kind, and its page before it has rows). */
export const DAY_ONLINE_TITLE = '日在线';

/**
 * 车辆日在线 as its rows' words say it: 人员日在线, 宠物日在线, 电动车日在线, 资产日在线 when they are of
 * several kinds; {@link DAY_ONLINE_TITLE} when there are no rows (no words given).
 */
export function dayOnlineTitle(words?: Pick<ListWords, 'noun'>): string {
  return words ? `${words.noun}日在线` : DAY_ONLINE_TITLE;
}
