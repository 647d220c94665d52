import type { ReactNode } from 'react';
import { Field, makeStyles, Text, tokens } from '@fluentui/react-components';
import { Input } from '@tianlu/sdk';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '4px' },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/**
 * A titled block of a form for several controls (a Fluent Field would hand its id and label to
 * every control inside it).
 */
export function FormSection(props: { title: string; hint?: string; children: ReactNode }) {
  const s = useStyles();
  return (
    <div className={s.section} role="group" aria-label={props.title}>
      <Text weight="semibold">{props.title}</Text>
      {props.hint && <Text className={s.hint}>{props.hint}</Text>}
      {props.children}
    </div>
  );
}

/** The password rule, as the server checks it. */
export const PASSWORD_HINT = '至少 8 位，且须同时包含字母和数字';

/**
 * 账号 and 密码 of an account being created (a user, a new customer's first administrator): the
 * browser neither fills them in nor offers a saved password.
 */
export function NewAccountFields(props: {
  account: string;
  password: string;
  onAccount: (value: string) => void;
  onPassword: (value: string) => void;
  /** 账号 unless told (管理员账号). */
  accountLabel?: string;
  accountHint: string;
  /** 密码 unless told (管理员密码). */
  passwordLabel?: string;
}) {
  return (
    <>
      <Field label={props.accountLabel ?? '账号'} required hint={props.accountHint}>
        <Input value={props.account} onChange={(_, d) => props.onAccount(d.value)} maxLength={32} autoComplete="off" />
      </Field>
      <Field label={props.passwordLabel ?? '密码'} required hint={PASSWORD_HINT}>
        <Input type="password" value={props.password} onChange={(_, d) => props.onPassword(d.value)} maxLength={64} autoComplete="new-password" />
      </Field>
    </>
  );
}
