import type { TenantChoice } from '../../system-admin';

/** The tenants in tree order with their depth (for indented pickers); a tenant whose parent is not listed is a root. */
export function orderTenants<T extends TenantChoice>(options: readonly T[]): { option: T; depth: number }[] {
  const out: { option: T; depth: number }[] = [];
  const ids = new Set(options.map((o) => o.id));
  const visit = (parentId: number | null, depth: number) => {
    for (const o of options) if ((parentId === null ? o.parentId === null || !ids.has(o.parentId) : o.parentId === parentId)) {
      out.push({ option: o, depth });
      visit(o.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}

/** Props of `TenantSelect`. */
export interface TenantSelectProps {
  label: string;
  options: readonly TenantChoice[];
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  /** Adds an empty choice first (e.g. 全部客户). */
  allLabel?: string;
  required?: boolean;
}
