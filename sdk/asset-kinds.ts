/**
 * The four kinds of asset and the fields each keeps beside the common ones (name or plate, group,
 * customer, service expiry, bound terminal). One definition for the server that checks them and
 * the pages that edit, import and export them. Pure data and functions: no DOM, no React.
 */

/** vehicle: 智能车联; person: 智能工牌; pet: 宠物守护; ebike: 电动车卫士, 电动车租赁, 新国标. */
export type AssetKind = 'vehicle' | 'person' | 'pet' | 'ebike';

export const ASSET_KIND_CODES: readonly AssetKind[] = ['vehicle', 'person', 'pet', 'ebike'];

/** How a profile field is typed in a form and a spreadsheet, and how it is checked. */
export type ProfileFieldType = 'text' | 'code' | 'phone' | 'date' | 'choice' | 'number' | 'photo';

/** One field of a kind's profile. */
export interface ProfileField {
  key: string;
  /** Chinese label (form, table header, spreadsheet column). */
  label: string;
  type: ProfileFieldType;
  /** Longest text (text and code fields). */
  max?: number;
  /** The values a choice field takes. */
  choices?: readonly string[];
  /** Range of a number field. */
  min?: number;
  maxValue?: number;
  /** Unit shown after a number. */
  unit?: string;
  /** An example for the import template. */
  example: string;
  /** A short rule for forms and the template. */
  hint: string;
}

/** What a kind is called and which fields it keeps. */
export interface AssetKindDefinition {
  kind: AssetKind;
  /** 车辆, 人员, 宠物, 电动车. */
  noun: string;
  /** What follows a count: 3 辆车, 3 人, 3 只宠物. */
  counted: string;
  /** What the asset's name (the plate column) is called for this kind. */
  nameLabel: string;
  nameHint: string;
  nameExample: string;
  /** Menu of its 系统管理 page (its buttons are menu × 100 + 1 … 8). */
  menuId: number;
  fields: readonly ProfileField[];
}

const photo: ProfileField = { key: 'photo', label: '照片', type: 'photo', example: '', hint: 'JPG、PNG 或 WebP 图片，不超过 2 MB；导入时不填' };

export const ASSET_KIND_DEFINITIONS: Readonly<Record<AssetKind, AssetKindDefinition>> = {
  vehicle: {
    kind: 'vehicle', noun: '车辆', counted: '辆车', nameLabel: '车牌号', nameHint: '例如 京A12345', nameExample: '京A12345', menuId: 1240, fields: [],
  },
  person: {
    kind: 'person', noun: '人员', counted: '人', nameLabel: '姓名', nameHint: '同一客户内不能重名，重名时可加工号区分，例如 张伟-0012', nameExample: '张伟', menuId: 1241,
    fields: [
      { key: 'employeeNo', label: '工号', type: 'code', max: 30, example: 'E0012', hint: '字母、数字或 - _，不超过 30 个字符' },
      { key: 'department', label: '部门', type: 'text', max: 50, example: '生产部', hint: '不超过 50 个字符' },
      { key: 'phone', label: '手机号', type: 'phone', example: '18612345678', hint: '11 位手机号' },
      photo,
    ],
  },
  pet: {
    kind: 'pet', noun: '宠物', counted: '只宠物', nameLabel: '宠物名', nameHint: '同一客户内不能重名', nameExample: '豆豆', menuId: 1242,
    fields: [
      { key: 'species', label: '种类', type: 'choice', choices: ['狗', '猫', '其他'], example: '狗', hint: '狗、猫或其他' },
      { key: 'breed', label: '品种', type: 'text', max: 30, example: '柯基', hint: '不超过 30 个字符' },
      { key: 'sex', label: '性别', type: 'choice', choices: ['公', '母'], example: '公', hint: '公或母' },
      { key: 'birthday', label: '生日', type: 'date', example: '2023-05-01', hint: 'YYYY-MM-DD，不晚于今天' },
      photo,
      { key: 'ownerPhone', label: '主人手机号', type: 'phone', example: '18687654321', hint: '11 位手机号' },
    ],
  },
  ebike: {
    kind: 'ebike', noun: '电动车', counted: '辆电动车', nameLabel: '车牌号', nameHint: '电动车号牌，例如 粤B·D30001；未上牌的填车架号', nameExample: '粤B·D30001', menuId: 1243,
    fields: [
      { key: 'brand', label: '品牌', type: 'text', max: 30, example: '雅迪', hint: '不超过 30 个字符' },
      { key: 'model', label: '型号', type: 'text', max: 30, example: 'DE3', hint: '不超过 30 个字符' },
      { key: 'frameNo', label: '车架号', type: 'code', max: 30, example: 'YD2026A0001', hint: '字母、数字或 - _，不超过 30 个字符' },
      { key: 'motorNo', label: '电机号', type: 'code', max: 30, example: 'M48V400W0001', hint: '字母、数字或 - _，不超过 30 个字符' },
      { key: 'color', label: '颜色', type: 'text', max: 10, example: '白色', hint: '不超过 10 个字符' },
      { key: 'batteryVoltage', label: '电池电压', type: 'choice', choices: ['36', '48', '60', '72'], unit: 'V', example: '48', hint: '36、48、60 或 72（V）' },
      { key: 'batteryCapacity', label: '电池容量', type: 'number', min: 1, maxValue: 200, unit: 'Ah', example: '20', hint: '1–200 的整数（Ah）' },
    ],
  },
};

/** A kind's fields as stored: strings, and whole numbers for number fields; empty fields are left out. */
export type AssetProfile = Record<string, string | number>;

/** The kind of a code (vehicle, person …) or Chinese name (车辆, 人员 …); undefined when neither. */
export function assetKindOf(value: string): AssetKind | undefined {
  return ASSET_KIND_CODES.find((k) => k === value || ASSET_KIND_DEFINITIONS[k].noun === value);
}

const PHONE = /^1[3-9]\d{9}$/;
const CODE = /^[A-Za-z0-9_-]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Where uploaded photos are served: `/car/v1/api/media/<32 hex>.<ext>`. */
export const MEDIA_URL = /^\/car\/v1\/api\/media\/[0-9a-f]{32}\.(jpg|png|webp)$/;

function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
}

/**
 * Checks the profile fields of `kind` from a form or a spreadsheet row and answers them
 * normalised with every problem found, in Chinese. Keys the kind does not have are dropped.
 * `today` (YYYY-MM-DD, China) bounds birthdays.
 */
export function checkAssetProfile(kind: AssetKind, input: Readonly<Record<string, unknown>> | undefined, today: string): { profile: AssetProfile; errors: string[] } {
  const profile: AssetProfile = {};
  const errors: string[] = [];
  for (const f of ASSET_KIND_DEFINITIONS[kind].fields) {
    const text = textOf(input?.[f.key]);
    if (!text) continue;
    const error = fieldError(f, text, today);
    if (error) errors.push(error);
    else profile[f.key] = f.type === 'number' ? Number(text) : f.type === 'date' ? text.replace(/\//g, '-') : f.type === 'code' ? text.toUpperCase() : text;
  }
  return { profile, errors };
}

/**
 * What an edit of a `kind` profile checks: the stored fields of the kind the edit does not mention,
 * then the ones it sends (null or empty clears a field). An edit never erases what it left out.
 */
export function editedProfileInput(kind: AssetKind, stored: Readonly<AssetProfile>, sent: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const f of ASSET_KIND_DEFINITIONS[kind].fields) {
    if (sent && Object.hasOwn(sent, f.key)) input[f.key] = sent[f.key];
    else if (stored[f.key] !== undefined) input[f.key] = stored[f.key];
  }
  return input;
}

function fieldError(f: ProfileField, text: string, today: string): string | undefined {
  switch (f.type) {
    case 'text':
      return text.length > (f.max ?? 50) ? `${f.label}不能超过 ${f.max ?? 50} 个字符` : undefined;
    case 'code':
      if (text.length > (f.max ?? 30)) return `${f.label}不能超过 ${f.max ?? 30} 个字符`;
      return CODE.test(text) ? undefined : `${f.label}只能包含字母、数字、- 和 _`;
    case 'phone':
      return PHONE.test(text) ? undefined : `${f.label}格式不正确，应为 11 位手机号`;
    case 'choice':
      return f.choices?.includes(text) ? undefined : `${f.label}不正确（${f.choices?.join('、')}）`;
    case 'number': {
      const n = Number(text);
      const ok = /^\d+$/.test(text) && n >= (f.min ?? 0) && n <= (f.maxValue ?? Number.MAX_SAFE_INTEGER);
      return ok ? undefined : `${f.label}必须是 ${f.min ?? 0} 到 ${f.maxValue} 之间的整数${f.unit ? `（${f.unit}）` : ''}`;
    }
    case 'date': {
      const d = text.replace(/\//g, '-');
      const m = DATE.exec(d);
      const date = m ? new Date(`${d}T00:00:00Z`) : undefined;
      if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== d) return `${f.label}不是有效的日期（YYYY-MM-DD）`;
      return d > today ? `${f.label}不能晚于今天` : undefined;
    }
    case 'photo':
      return MEDIA_URL.test(text) ? undefined : `${f.label}请通过上传设置`;
  }
}

/** A profile value as shown in tables and spreadsheets (with its unit). */
export function profileText(f: ProfileField, value: string | number | undefined): string {
  if (value === undefined || value === '') return '';
  return f.unit ? `${value} ${f.unit}` : String(value);
}

/**
 * An e-bike battery's charge from its terminal voltage and nominal voltage (the asset's
 * 电池电压: 36, 48, 60 or 72 V): empty at 87.5 % of nominal, full at 110 % (48 V: 42 V → 0 %,
 * 52.8 V → 100 %), linear between, as lead-acid and lithium packs of e-bikes read at rest.
 */
export function batteryPercentFromVoltage(volts: number, nominal: number): number {
  const empty = nominal * 0.875;
  const full = nominal * 1.1;
  return Math.round(Math.min(100, Math.max(0, ((volts - empty) / (full - empty)) * 100)));
}
