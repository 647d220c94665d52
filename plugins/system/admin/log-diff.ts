/** Readable before/after of an operation-log entry. */

const FIELD_NAMES: Record<string, string> = {
  account: '账号',
  name: '名称',
  phone: '电话',
  email: '邮箱',
  remark: '备注',
  tenant: '所属客户',
  role: '角色',
  disabled: '停用',
  groups: '可见车组',
  kind: '类型',
  contact: '联系人',
  parentId: '上级客户',
  adminAccount: '管理员账号',
  platformIds: '子系统',
  platforms: '子系统',
  resources: '菜单和按钮',
  type: '字典类型',
  code: '编码',
  sort: '排序',
};

const KIND_NAMES: Record<string, string> = { platform: '平台', agent: '代理商', customer: '客户' };

export interface DiffLine {
  field: string;
  before: string;
  after: string;
}

function show(key: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (key === 'kind' && typeof value === 'string') return KIND_NAMES[value] ?? value;
  if (Array.isArray(value)) return value.length ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join('、') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const asRecord = (v: unknown): Record<string, unknown> | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);

/** The fields that differ (all fields of a creation or deletion), in a stable order. */
export function logDiff(before: unknown, after: unknown): DiffLine[] {
  const b = asRecord(before);
  const a = asRecord(after);
  if (!b && !a) return [];
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  const lines: DiffLine[] = [];
  for (const key of keys) {
    const was = show(key, b?.[key]);
    const now = show(key, a?.[key]);
    if (b && a && was === now) continue;
    // a creation or deletion lists only the fields that have a value
    if (!(b && a) && (b ? was : now) === '—') continue;
    lines.push({ field: FIELD_NAMES[key] ?? key, before: b ? was : '', after: a ? now : '' });
  }
  return lines;
}

/** One line for the table: `名称: 甲 → 乙；电话: — → 138…`. */
export function diffSummary(before: unknown, after: unknown): string {
  return logDiff(before, after)
    .map((l) => (l.before && l.after ? `${l.field}: ${l.before} → ${l.after}` : `${l.field}: ${l.after || l.before}`))
    .join('；');
}
