/** Turns Ajv errors into one Chinese sentence naming the field, e.g. `账号不能为空`. */

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: Record<string, unknown>;
}

const TYPE_NAMES: Record<string, string> = {
  integer: '整数',
  number: '数字',
  string: '文本',
  boolean: '布尔值',
  array: '列表',
  object: '对象',
};

function fieldLabel(error: AjvError): string {
  const schema = error.parentSchema ?? {};
  if (error.keyword === 'required') {
    const name = String(error.params.missingProperty ?? '');
    const props = (schema.properties ?? {}) as Record<string, { title?: string }>;
    return props[name]?.title ?? name;
  }
  if (typeof schema.title === 'string') return schema.title;
  const segments = error.instancePath.split('/').filter((s) => s && !/^\d+$/.test(s));
  return segments.at(-1) ?? '请求内容';
}

export function validationMessage(errors: readonly AjvError[]): string {
  const error = errors[0];
  if (!error) return '请求参数不正确';
  const label = fieldLabel(error);
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return `${label}不能为空`;
    case 'minLength':
      return Number(p.limit) <= 1 ? `${label}不能为空` : `${label}长度不能少于 ${p.limit} 个字符`;
    case 'maxLength':
      return `${label}长度不能超过 ${p.limit} 个字符`;
    case 'minItems':
      return Number(p.limit) <= 1 ? `${label}不能为空` : `${label}至少需要 ${p.limit} 项`;
    case 'maxItems':
      return `${label}最多 ${p.limit} 项`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${label}不能小于 ${p.limit}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${label}不能大于 ${p.limit}`;
    case 'type':
      return error.instancePath === '' && !error.parentSchema?.title ? '请求内容不能为空' : `${label}必须是${TYPE_NAMES[String(p.type)] ?? String(p.type)}`;
    case 'enum':
    case 'const':
      return `${label}取值不正确`;
    case 'additionalProperties':
      return `不支持的参数 ${String(p.additionalProperty)}`;
    default:
      return `${label}格式不正确`;
  }
}
