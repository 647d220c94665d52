/**
 * A sub-application's settings, declared as data (`settings` of manifest.json for an installed plugin,
 * of its declaration for a built-in one): the fields a tenant administrator sets on 系统中心 › 设置 ›
 * 插件设置, kept per tenant. The plugin's pages read the current tenant's values with
 * `usePluginSettings()`, its server part with `ctx.settings.get(tenantId)`; both get every field,
 * defaults filled in.
 */

/** What a setting holds: text, a number, on/off, or one of a list. */
export type PluginSettingKind = 'text' | 'number' | 'boolean' | 'choice';

/** One choice of a `choice` setting. */
export interface PluginSettingOption {
  /** What is stored and read (letters, digits, `.`, `-`, `_`). */
  value: string;
  /** What the administrator sees. */
  label: string;
}

/** A setting's value: text and choices are strings, numbers numbers, booleans booleans. */
export type PluginSettingValue = string | number | boolean;

/** A tenant's values of a plugin's settings, by key. */
export type PluginSettingValues = Readonly<Record<string, PluginSettingValue>>;

/** One setting a plugin declares. */
export interface PluginSettingField {
  /** Its key in the values (letters, digits, `-`, `_`; starts with a letter), unique within the plugin. */
  key: string;
  /** Its Chinese label. */
  title: string;
  /** What it holds: text, a number, on/off, or one of `options`. */
  kind: PluginSettingKind;
  /**
   * The value of a tenant that never saved one. Left out: `''` (text), `min` or 0 (number), false
   * (boolean), the first option (choice). It must itself pass the field's checks.
   */
  default?: PluginSettingValue;
  /** Number: the least value allowed. */
  min?: number;
  /** Number: the greatest value allowed. */
  max?: number;
  /** Number: whole numbers only. */
  integer?: boolean;
  /** Text: longest value in characters (default 200, at most 2000). */
  maxLength?: number;
  /** Text: the value may not be empty. */
  required?: boolean;
  /** Shown after the field: `℃`, `分钟`. */
  unit?: string;
  /** One line under the field saying what it changes. */
  help?: string;
  /** Choice: the choices, in the order shown. */
  options?: readonly PluginSettingOption[];
}

/** Text settings are at most this long unless the field says less. */
export const SETTING_TEXT_MAX_LENGTH = 200;
/** Settings a plugin may declare at most. */
export const PLUGIN_SETTINGS_MAX_FIELDS = 50;

type Raw = Record<string, unknown>;
const KEY = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const OPTION_VALUE = /^[A-Za-z0-9_.-]{1,64}$/;
const KINDS: readonly PluginSettingKind[] = ['text', 'number', 'boolean', 'choice'];
const FIELD_KEYS = new Set(['key', 'title', 'kind', 'default', 'min', 'max', 'integer', 'maxLength', 'required', 'unit', 'help', 'options']);
/** The fields of each kind beyond key, title, kind, default, unit and help. */
const KIND_FIELDS: Readonly<Record<PluginSettingKind, readonly string[]>> = {
  text: ['maxLength', 'required'],
  number: ['min', 'max', 'integer'],
  boolean: [],
  choice: ['options'],
};
const KIND_NAMES: Readonly<Record<PluginSettingKind, string>> = { text: '文字', number: '数字', boolean: '开关', choice: '选项' };

const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= max;

function checkOptions(raw: unknown, at: string, errors: string[]): void {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 50) return void errors.push(`${at} 必须是 1～50 个选项的数组`);
  const seen = new Set<string>();
  raw.forEach((o, i) => {
    const where = `${at}[${i}]`;
    if (!isObject(o)) return void errors.push(`${where} 必须是对象，含 value 和 label`);
    if (typeof o.value !== 'string' || !OPTION_VALUE.test(o.value)) errors.push(`${where}.value 只能包含字母、数字、.、- 和 _（1～64 个字符）`);
    else if (seen.has(o.value)) errors.push(`${where}.value（${o.value}）重复`);
    else seen.add(o.value);
    if (!isText(o.label, 40)) errors.push(`${where}.label 必须是 1～40 个字符的文字`);
    for (const k of Object.keys(o)) if (k !== 'value' && k !== 'label') errors.push(`${where}.${k} 不是选项的字段（可用 value、label）`);
  });
}

function checkField(f: Raw, where: string, errors: string[]): void {
  const before = errors.length;
  if (typeof f.key !== 'string' || !KEY.test(f.key)) errors.push(`${where}.key 只能包含字母、数字、- 和 _，并以字母开头`);
  if (!isText(f.title, 40)) errors.push(`${where}.title 必须是 1～40 个字符的文字`);
  if (!KINDS.includes(f.kind as PluginSettingKind)) return void errors.push(`${where}.kind 必须是 text、number、boolean 或 choice`);
  const kind = f.kind as PluginSettingKind;
  for (const k of Object.keys(f)) {
    if (!FIELD_KEYS.has(k)) errors.push(`${where}.${k} 不是设置项的字段`);
    else if (Object.values(KIND_FIELDS).some((list) => list.includes(k)) && !KIND_FIELDS[kind].includes(k)) errors.push(`${where}.${k} 不适用于${KIND_NAMES[kind]}（${kind}）设置项`);
  }
  if (f.unit !== undefined && (typeof f.unit !== 'string' || f.unit.length > 8)) errors.push(`${where}.unit 必须是不超过 8 个字符的文字`);
  if (f.help !== undefined && !isText(f.help, 200)) errors.push(`${where}.help 必须是 1～200 个字符的文字`);
  for (const k of ['min', 'max'] as const) if (f[k] !== undefined && !isNumber(f[k])) errors.push(`${where}.${k} 必须是数字`);
  if (isNumber(f.min) && isNumber(f.max) && f.min > f.max) errors.push(`${where}.min 不能大于 max`);
  for (const k of ['integer', 'required'] as const) if (f[k] !== undefined && typeof f[k] !== 'boolean') errors.push(`${where}.${k} 必须是 true 或 false`);
  if (f.maxLength !== undefined && !(Number.isInteger(f.maxLength) && (f.maxLength as number) >= 1 && (f.maxLength as number) <= 2000)) errors.push(`${where}.maxLength 必须是 1～2000 的整数`);
  if (kind === 'choice') checkOptions(f.options, `${where}.options`, errors);
  if (errors.length > before || f.default === undefined) return;
  const problem = valueProblem(f as unknown as PluginSettingField, f.default);
  if (problem) errors.push(`${where}.default 不符合该设置项：${problem}`);
}

/**
 * Checks a `settings` declaration as data (an installed plugin's manifest.json, a built-in
 * declaration): the problems in Chinese, naming each field, or the settings. Unknown fields are
 * refused, so a typo is not silently ignored.
 */
export function parsePluginSettings(raw: unknown, at = 'settings'): { settings: PluginSettingField[] } | { errors: string[] } {
  if (!Array.isArray(raw)) return { errors: [`${at} 必须是设置项的数组`] };
  if (raw.length > PLUGIN_SETTINGS_MAX_FIELDS) return { errors: [`${at} 最多 ${PLUGIN_SETTINGS_MAX_FIELDS} 个设置项`] };
  const errors: string[] = [];
  const keys = new Set<unknown>();
  raw.forEach((f, i) => {
    const where = `${at}[${i}]`;
    if (!isObject(f)) return void errors.push(`${where} 必须是对象`);
    checkField(f, where, errors);
    if (keys.has(f.key)) errors.push(`${where}.key（${String(f.key)}）重复`);
    keys.add(f.key);
  });
  return errors.length ? { errors } : { settings: raw as PluginSettingField[] };
}

/** The value a tenant that never saved one gets. */
export function settingDefault(field: PluginSettingField): PluginSettingValue {
  if (field.default !== undefined) return field.default;
  switch (field.kind) {
    case 'text':
      return '';
    case 'number':
      return field.min ?? 0;
    case 'boolean':
      return false;
    case 'choice':
      return field.options?.[0]?.value ?? '';
  }
}

/** Why `value` does not fit the field, in Chinese with the field's title; undefined when it fits. */
export function valueProblem(field: PluginSettingField, value: unknown): string | undefined {
  const { title } = field;
  switch (field.kind) {
    case 'text': {
      if (typeof value !== 'string') return `${title}必须是文字`;
      const max = field.maxLength ?? SETTING_TEXT_MAX_LENGTH;
      if (field.required && !value.trim()) return `${title}不能为空`;
      if (value.length > max) return `${title}不能超过 ${max} 个字符`;
      if (value.includes('\u0000')) return `${title}包含无效字符`;
      return undefined;
    }
    case 'number': {
      if (!isNumber(value)) return `${title}必须是数字`;
      if (field.integer && !Number.isInteger(value)) return `${title}必须是整数`;
      const unit = field.unit ? ` ${field.unit}` : '';
      if (field.min !== undefined && field.max !== undefined && (value < field.min || value > field.max)) return `${title}必须在 ${field.min}～${field.max}${unit} 之间`;
      if (field.min !== undefined && value < field.min) return `${title}不能小于 ${field.min}${unit}`;
      if (field.max !== undefined && value > field.max) return `${title}不能大于 ${field.max}${unit}`;
      return undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `${title}必须是 true 或 false`;
    case 'choice': {
      const options = field.options ?? [];
      return options.some((o) => o.value === value) ? undefined : `${title}必须是 ${options.map((o) => o.label).join('、')} 之一`;
    }
  }
}

/**
 * Checks values a tenant administrator sends against the declaration: every problem in Chinese, or
 * the complete values to store (a field left out keeps `current`'s value, else its default). A key
 * the plugin does not declare is refused.
 */
export function checkSettingValues(
  fields: readonly PluginSettingField[],
  input: unknown,
  current: PluginSettingValues = {},
): { values: Record<string, PluginSettingValue> } | { errors: string[] } {
  if (!isObject(input)) return { errors: ['设置值必须是对象'] };
  const errors: string[] = [];
  for (const key of Object.keys(input)) if (!fields.some((f) => f.key === key)) errors.push(`没有名为 ${key} 的设置项`);
  const values: Record<string, PluginSettingValue> = {};
  for (const field of fields) {
    const value = Object.hasOwn(input, field.key) ? input[field.key] : Object.hasOwn(current, field.key) ? current[field.key] : settingDefault(field);
    const problem = valueProblem(field, value);
    if (problem) errors.push(problem);
    else values[field.key] = value as PluginSettingValue;
  }
  return errors.length ? { errors } : { values };
}

/**
 * Every declared field's value from what a tenant saved, defaults filled in: a stored value the
 * declaration no longer admits (the plugin changed a field since) reads as the default, a stored key
 * it no longer declares is left out.
 */
export function withSettingDefaults(fields: readonly PluginSettingField[], stored: unknown): Record<string, PluginSettingValue> {
  const saved = isObject(stored) ? stored : {};
  return Object.fromEntries(
    fields.map((f) => [f.key, Object.hasOwn(saved, f.key) && valueProblem(f, saved[f.key]) === undefined ? (saved[f.key] as PluginSettingValue) : settingDefault(f)]),
  );
}

/** A plugin's settings as 插件设置 shows them to a tenant administrator. */
export interface PluginSettingsEntry {
  /** The sub-application (its folder in PLUGINS_DIR for an installed plugin). */
  systemId: string;
  /** Its platform: the grant that lets a role see and set these settings. */
  platformId: number;
  /** The sub-application's Chinese title. */
  title: string;
  /** Its settings as it declares them. */
  fields: readonly PluginSettingField[];
  /** The tenant's values, defaults filled in. */
  values: PluginSettingValues;
  /** Whether the tenant saved its own values (else every value is the default). */
  saved: boolean;
}
