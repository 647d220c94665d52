import { useEffect, useState } from 'react';
import { Field, Select } from '@fluentui/react-components';
import { expectOk, HttpService, useService } from '@tianlu/sdk';
import { AdminPaths, type TenantOption } from './admin-api';

/** The caller's tenants in tree order with their depth (for indented pickers). */
export function orderTenants(options: readonly TenantOption[]): { option: TenantOption; depth: number }[] {
  const out: { option: TenantOption; depth: number }[] = [];
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

/** The tenants the caller may pick: its own and those below it. */
export function useTenantOptions(): TenantOption[] | undefined {
  const http = useService<HttpService>(HttpService);
  const [options, setOptions] = useState<TenantOption[]>();
  useEffect(() => {
    let live = true;
    http
      .get<TenantOption[]>(AdminPaths.tenantOptions)
      .then((res) => live && setOptions(expectOk(res)))
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, [http]);
  return options;
}

/** A tenant picker; `allLabel` adds an empty choice (e.g. 全部客户). */
export function TenantSelect(props: { label: string; options: readonly TenantOption[]; value: number | undefined; onChange: (id: number | undefined) => void; allLabel?: string; required?: boolean }) {
  return (
    <Field label={props.label} required={props.required}>
      <Select value={props.value === undefined ? '' : String(props.value)} onChange={(_, d) => props.onChange(d.value ? Number(d.value) : undefined)}>
        {props.allLabel !== undefined && <option value="">{props.allLabel}</option>}
        {orderTenants(props.options).map(({ option, depth }) => (
          <option key={option.id} value={String(option.id)}>
            {`${'\u3000'.repeat(depth)}${option.name}`}
          </option>
        ))}
      </Select>
    </Field>
  );
}
