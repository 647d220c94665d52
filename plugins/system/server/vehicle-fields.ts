import type { VehicleFields } from '../../../server/module';
import { ASSET_KIND_CODES, ASSET_KIND_DEFINITIONS, assetKindOf, checkAssetProfile } from '../../../sdk/asset-kinds';

/** Asset kinds (the sub-application that shows the asset) and their Chinese names. */
export const ASSET_KINDS: Readonly<Record<string, string>> = Object.fromEntries(ASSET_KIND_CODES.map((k) => [k, ASSET_KIND_DEFINITIONS[k].noun]));

/** JT/T 808 plate colours and their Chinese names. */
export const PLATE_COLORS: Readonly<Record<number, string>> = { 1: '蓝色', 2: '黄色', 3: '黑色', 4: '白色', 5: '绿色', 9: '其他', 0: '未上牌' };

const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
/** A Chinese plate: province, issuing letter, then five characters (six for new-energy plates); 挂学警港澳 may end it. */
const CHINA_PLATE = new RegExp(`^[${PROVINCES}][A-HJ-NP-Z][A-HJ-NP-Z0-9]{4}([A-HJ-NP-Z0-9挂学警港澳]|[A-HJ-NP-Z0-9]{2})$`);
const VIN = /^[A-Z0-9]{17}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Range of a vehicle's own speed limit (km/h). */
export const SPEED_LIMIT_RANGE = { min: 1, max: 250 } as const;

/** Raw vehicle input from a form or a spreadsheet row (strings as typed). */
export interface VehicleInput {
  plateNo?: unknown;
  plateColor?: unknown;
  vehicleType?: unknown;
  vin?: unknown;
  driver?: unknown;
  assetKind?: unknown;
  expiryDate?: unknown;
  /** km/h; empty or null: the tenant's 平台超速 threshold applies. */
  speedLimit?: unknown;
  /** The fields of the asset's kind (人员: 工号, 部门 …), by key; spreadsheet rows carry them as their own columns. */
  profile?: Readonly<Record<string, unknown>>;
}

export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (value instanceof Date) return formatDate(value);
  return String(value).trim();
}

export function formatDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` (also `YYYY/MM/DD`) of a real calendar day, or an error message. */
export function checkDate(value: unknown, label: string): { date: string | null; error?: string } {
  const text = textOf(value).replace(/\//g, '-');
  if (!text) return { date: null };
  const m = DATE.exec(text);
  if (!m) return { date: null, error: `${label}格式不正确，应为 YYYY-MM-DD` };
  const d = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || formatDate(d) !== text) return { date: null, error: `${label}不是有效的日期` };
  return { date: text };
}

function byCodeOrName<T extends string | number>(value: string, table: Readonly<Record<string, string>>, parse: (k: string) => T): T | undefined {
  for (const [code, name] of Object.entries(table)) if (value === code || value === name) return parse(code);
  return undefined;
}

/** A vehicle's own speed limit: empty for none, else a whole number of km/h in range, or an error message. */
export function checkSpeedLimit(value: unknown): { speedLimit: number | null; error?: string } {
  const text = typeof value === 'number' ? String(value) : textOf(value);
  if (!text) return { speedLimit: null };
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < SPEED_LIMIT_RANGE.min || n > SPEED_LIMIT_RANGE.max) {
    return { speedLimit: null, error: `限速必须是 ${SPEED_LIMIT_RANGE.min} 到 ${SPEED_LIMIT_RANGE.max} 之间的整数（km/h），不填则按告警设置` };
  }
  return { speedLimit: n };
}

/**
 * Checks an asset's fields (group aside) and answers them normalised (plate and VIN upper case)
 * with every problem found, in Chinese. `today` (YYYY-MM-DD, China) bounds dates such as a pet's
 * birthday.
 */
export function checkVehicle(input: VehicleInput, today: string): { fields: Omit<VehicleFields, 'groupId'>; errors: string[] } {
  const errors: string[] = [];
  const plateNo = textOf(input.plateNo).toUpperCase();
  const colorText = textOf(input.plateColor);
  const plateColor = colorText === '' ? 1 : byCodeOrName(colorText, PLATE_COLORS, Number);
  const kindText = textOf(input.assetKind);
  const assetKind = kindText === '' ? 'vehicle' : assetKindOf(kindText);
  const definition = ASSET_KIND_DEFINITIONS[assetKind ?? 'vehicle'];
  if (plateColor === undefined) errors.push('车牌颜色不正确（蓝色、黄色、黑色、白色、绿色、其他、未上牌）');
  if (assetKind === undefined) errors.push('资产类型不正确（车辆、人员、宠物、电动车）');
  const name = definition.nameLabel;
  if (!plateNo) errors.push(`${name}不能为空`);
  else if (plateNo.length > 20) errors.push(`${name}不能超过 20 个字符`);
  else if (assetKind === 'vehicle' && plateColor !== 0 && !CHINA_PLATE.test(plateNo)) errors.push('车牌号格式不正确，例如 京A12345');
  const vin = textOf(input.vin).toUpperCase();
  if (vin && !VIN.test(vin)) errors.push('车架号（VIN）必须是 17 位字母或数字');
  const vehicleType = textOf(input.vehicleType);
  if (vehicleType.length > 50) errors.push('车辆类型不能超过 50 个字符');
  const driver = textOf(input.driver);
  if (driver.length > 50) errors.push('司机不能超过 50 个字符');
  const expiry = checkDate(input.expiryDate, '到期日期');
  if (expiry.error) errors.push(expiry.error);
  const limit = checkSpeedLimit(input.speedLimit);
  if (limit.error) errors.push(limit.error);
  const profile = checkAssetProfile(definition.kind, input.profile, today);
  errors.push(...profile.errors);
  return {
    fields: {
      plateNo, plateColor: plateColor ?? 1, vehicleType, vin, driver, assetKind: assetKind ?? 'vehicle', expiryDate: expiry.date, speedLimit: limit.speedLimit,
      profile: profile.profile,
    },
    errors,
  };
}
