import { ASSET_KIND_DEFINITIONS, assetKindOf, type AssetProfile } from '../../../sdk/asset-kinds';
import { maskMobile } from '../../../sdk/lease';

/**
 * A person's 手机号 and a pet's 主人手机号 are shown in full only to those who may change them: the
 * 编辑 button of 人员管理 or 宠物管理, and 宠物档案 for pets. Everyone else, and the operation log,
 * sees them masked as renters' phones are (139****5678); a search finds them by the whole number only.
 * Which kinds a caller sees in full: kindsWithFullPhones (asset-admin-rules); the search: store/masked-search.
 */

/** Nobody's phones in full: exports of logs, lists that are not the caller's to edit. */
export const MASKED_FOR_ALL: ReadonlySet<string> = new Set();

/** A profile as a caller who sees `full` kinds' phones in full gets it. */
export function shownProfile(kind: string, profile: AssetProfile, full: ReadonlySet<string>): AssetProfile {
  const k = assetKindOf(kind) ?? 'vehicle';
  if (full.has(k)) return profile;
  const shown = { ...profile };
  for (const f of ASSET_KIND_DEFINITIONS[k].fields) if (f.type === 'phone' && typeof shown[f.key] === 'string') shown[f.key] = maskMobile(shown[f.key] as string);
  return shown;
}
