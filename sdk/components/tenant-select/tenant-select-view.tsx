import { Field, Select } from '@fluentui/react-components';
import { orderTenants, type TenantSelectProps } from './tenant-select-props';

/** A tenant picker, indented by the hierarchy; `allLabel` adds an empty choice (e.g. 全部客户). */
export default function TenantSelectView(props: TenantSelectProps) {
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
