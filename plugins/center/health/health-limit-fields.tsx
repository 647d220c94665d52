import type { ReactNode } from 'react';
import { Field, makeStyles } from '@fluentui/react-components';
import { HEALTH_LIMIT_FIELDS, Input, type HealthLimits } from '@tianlu/sdk';
import type { LimitErrors, LimitForm } from './health-limit-form';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: '8px 16px' },
});

/**
 * The nine limits as inputs, lower and upper of a reading side by side. With `inherited`, a blank
 * field shows the value it inherits as its placeholder.
 */
export function HealthLimitFields(props: { form: LimitForm; errors: LimitErrors; inherited?: HealthLimits; onChange: (form: LimitForm) => void; extra?: ReactNode }) {
  const s = useStyles();
  return (
    <div className={s.grid}>
      {HEALTH_LIMIT_FIELDS.map((f) => (
        <Field key={f.key} label={`${f.title}（${f.unit}）`} validationMessage={props.errors[f.key]} validationState={props.errors[f.key] ? 'error' : 'none'}>
          <Input
            maxLength={6}
            inputMode="decimal"
            value={props.form[f.key]}
            placeholder={props.inherited ? `沿用 ${props.inherited[f.key]}` : undefined}
            onChange={(_, d) => props.onChange({ ...props.form, [f.key]: d.value })}
          />
        </Field>
      ))}
      {props.extra}
    </div>
  );
}
