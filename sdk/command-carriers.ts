import type { CommandParamContribution } from './extension-points';

/**
 * How a contributed command type travels to a terminal: one of the carriers the platform encodes
 * itself, so a contribution never writes protocol bytes. JT/T 808 terminals take both; GT06 and
 * watch-protocol devices take neither (指令下发 skips them with the reason).
 *
 * - `text`: 0x8300 文本信息下发 — the text shown on the terminal's screen and read out (TTS).
 * - `passthrough`: 0x8900 数据下行透传 — a passthrough type byte and a payload, given as hex or as
 *   UTF-8 text, for a peripheral behind the terminal.
 */
export type CommandCarrier =
  | { kind: 'text'; text: string; /** Sets the 紧急 flag of 0x8300. */ emergency?: boolean }
  | { kind: 'passthrough'; passthroughType: number; encoding: 'hex' | 'utf8'; payload: string };

/**
 * A carrier declared as data in `contributes.commandTypes[].carrier`: the same shape as
 * {@link CommandCarrier} with `template` in place of the text or payload. `{key}` in the template is
 * replaced by that parameter's value (`请于 {minutes} 分钟内到达`); `{{` and `}}` write a brace.
 */
export type CommandCarrierDeclaration =
  | { kind: 'text'; template: string; emergency?: boolean }
  | { kind: 'passthrough'; passthroughType: number; encoding: 'hex' | 'utf8'; template: string };

/** The longest 0x8300 text and 0x8900 payload (bytes of hex, characters of text) the platform sends. */
export const COMMAND_CARRIER_MAX = 1000;

const PLACEHOLDER = /\{\{|\}\}|\{([A-Za-z][A-Za-z0-9_-]*)\}/g;

/** The parameter keys a template names. */
export function templateKeys(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].flatMap((m) => (m[1] ? [m[1]] : []));
}

/** A template with each `{key}` replaced by the parameter's value ('' when absent). */
export function fillCommandTemplate(template: string, params: Readonly<Record<string, unknown>>): string {
  return template.replace(PLACEHOLDER, (all, key: string | undefined) => {
    if (!key) return all[0]!;
    const v = params[key];
    return v === undefined || v === null ? '' : String(v);
  });
}

/** The carrier of a declaration filled in with the command's parameters. */
export function carrierFromDeclaration(d: CommandCarrierDeclaration, params: Readonly<Record<string, unknown>>): CommandCarrier {
  if (d.kind === 'text') return { kind: 'text', text: fillCommandTemplate(d.template, params), ...(d.emergency && { emergency: true }) };
  return { kind: 'passthrough', passthroughType: d.passthroughType, encoding: d.encoding, payload: fillCommandTemplate(d.template, params) };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isByte = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 255;

/** Why a carrier (what a server part's encoder answered) cannot be sent, in Chinese; undefined when it can. */
export function carrierProblem(raw: unknown): string | undefined {
  if (!isObject(raw)) return '编码结果必须是对象 { kind: "text" | "passthrough", … }';
  if (raw.kind === 'text') {
    if (typeof raw.text !== 'string' || !raw.text.trim()) return '文本信息不能为空';
    if ([...raw.text].length > COMMAND_CARRIER_MAX) return `文本信息长度不能超过 ${COMMAND_CARRIER_MAX} 个字符`;
    if (raw.emergency !== undefined && typeof raw.emergency !== 'boolean') return 'emergency 必须是 true 或 false';
    return undefined;
  }
  if (raw.kind === 'passthrough') {
    if (!isByte(raw.passthroughType)) return '透传类型必须是 0～255 的整数';
    if (typeof raw.payload !== 'string' || raw.payload === '') return '透传内容不能为空';
    if (raw.encoding === 'hex') {
      const hex = raw.payload.replace(/\s+/g, '');
      if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) return '透传内容必须是偶数位的十六进制';
      if (hex.length / 2 > COMMAND_CARRIER_MAX) return `透传内容不能超过 ${COMMAND_CARRIER_MAX} 字节`;
      return undefined;
    }
    if (raw.encoding === 'utf8') return [...raw.payload].length > COMMAND_CARRIER_MAX ? `透传内容长度不能超过 ${COMMAND_CARRIER_MAX} 个字符` : undefined;
    return 'encoding 必须是 hex 或 utf8';
  }
  return 'kind 必须是 text（0x8300 文本信息下发）或 passthrough（0x8900 数据下行透传）';
}

/** Problems of a declared carrier (`where` names it), its template checked against the command's parameter keys. */
export function carrierDeclarationProblems(raw: unknown, where: string, paramKeys: ReadonlySet<string>): string[] {
  if (!isObject(raw)) return [`${where} 必须是对象`];
  const errors: string[] = [];
  const allowed = raw.kind === 'text' ? ['kind', 'template', 'emergency'] : ['kind', 'passthroughType', 'encoding', 'template'];
  if (raw.kind !== 'text' && raw.kind !== 'passthrough') errors.push(`${where}.kind 必须是 text（0x8300 文本信息下发）或 passthrough（0x8900 数据下行透传）`);
  else for (const key of Object.keys(raw)) if (!allowed.includes(key)) errors.push(`${where}.${key} 不是 ${raw.kind} 载体的字段`);
  if (typeof raw.template !== 'string' || !raw.template.trim() || raw.template.length > COMMAND_CARRIER_MAX) {
    errors.push(`${where}.template 必须是 1～${COMMAND_CARRIER_MAX} 个字符的文字`);
  } else {
    for (const key of templateKeys(raw.template)) if (!paramKeys.has(key)) errors.push(`${where}.template 中的 {${key}} 不是该指令的参数`);
  }
  if (raw.kind === 'text' && raw.emergency !== undefined && typeof raw.emergency !== 'boolean') errors.push(`${where}.emergency 必须是 true 或 false`);
  if (raw.kind === 'passthrough') {
    if (!isByte(raw.passthroughType)) errors.push(`${where}.passthroughType 必须是 0～255 的整数`);
    if (raw.encoding !== 'hex' && raw.encoding !== 'utf8') errors.push(`${where}.encoding 必须是 hex 或 utf8`);
  }
  return errors;
}

/** The value as typed ('' and null count as not given). */
const given = (v: unknown) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');

/**
 * Checks a contributed command's parameters against its declaration, as 指令下发's form and the
 * server both do: required ones present, numbers within min–max, texts within maxLength. Answers
 * the parameters to send (numbers as numbers, texts trimmed, undeclared keys dropped) or the first
 * problem in Chinese.
 */
export function checkCommandParams(
  declared: readonly CommandParamContribution[],
  values: Readonly<Record<string, unknown>>,
): { ok: true; params: Record<string, unknown> } | { ok: false; msg: string } {
  const params: Record<string, unknown> = {};
  for (const p of declared) {
    const v = values[p.key];
    if (!given(v)) {
      if (p.required) return { ok: false, msg: `${p.title}不能为空` };
      continue;
    }
    if (p.kind === 'number') {
      const n = typeof v === 'string' ? Number(v.trim()) : v;
      if (typeof n !== 'number' || !Number.isFinite(n)) return { ok: false, msg: `${p.title}必须是数字` };
      if (p.min !== undefined && n < p.min) return { ok: false, msg: `${p.title}不能小于 ${p.min}${p.unit ?? ''}` };
      if (p.max !== undefined && n > p.max) return { ok: false, msg: `${p.title}不能大于 ${p.max}${p.unit ?? ''}` };
      params[p.key] = n;
    } else {
      if (typeof v !== 'string' && typeof v !== 'number') return { ok: false, msg: `${p.title}必须是文字` };
      const text = String(v).trim();
      if (p.maxLength !== undefined && [...text].length > p.maxLength) return { ok: false, msg: `${p.title}长度不能超过 ${p.maxLength} 个字符` };
      params[p.key] = text;
    }
  }
  return { ok: true, params };
}
