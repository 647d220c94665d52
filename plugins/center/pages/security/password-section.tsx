import { useState } from 'react';
import { Button, Field, makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import { expectOk, HttpService, Input, SessionService, ToastService, useService } from '@tianlu/sdk';
import { messageOf, PASSWORD_POLICY, SecurityApi } from './security-paths';

type Values = { oldPassword: string; newPassword: string; confirm: string };
type Errors = Partial<Record<keyof Values, string>>;

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: 'minmax(0, 320px)', gap: '12px' },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** The rules the server applies, checked before sending; messages in Chinese. */
export function validatePasswordChange(v: Values): Errors {
  const errors: Errors = {};
  if (!v.oldPassword) errors.oldPassword = '请输入原密码';
  if (v.newPassword.length < 8 || !/[A-Za-z]/.test(v.newPassword) || !/\d/.test(v.newPassword)) errors.newPassword = PASSWORD_POLICY;
  else if (v.newPassword === v.oldPassword) errors.newPassword = '新密码不能与原密码相同';
  if (!errors.newPassword && v.confirm !== v.newPassword) errors.confirm = '两次输入的新密码不一致';
  return errors;
}

/** 修改密码: old, new and confirmation; on success every session ends and the user logs in again. */
export function PasswordSection() {
  const s = useStyles();
  const http = useService(HttpService);
  const session = useService(SessionService);
  const toast = useService(ToastService);
  const [values, setValues] = useState<Values>({ oldPassword: '', newPassword: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);
  const field = (key: keyof Values, label: string) => (
    <Field label={label} required validationMessage={errors[key]} validationState={errors[key] ? 'error' : 'none'}>
      <Input type="password" autoComplete={key === 'oldPassword' ? 'current-password' : 'new-password'} value={values[key]} onChange={(_, d) => setValues({ ...values, [key]: d.value })} />
    </Field>
  );

  const submit = async () => {
    const found = validatePasswordChange(values);
    setErrors(found);
    setFailure(undefined);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      expectOk(await http.call(SecurityApi.updatePassword, { oldPassword: values.oldPassword, newPassword: values.newPassword }));
    } catch (e) {
      const msg = messageOf(e);
      if (msg.includes('原密码')) setErrors({ oldPassword: msg });
      else setFailure(msg);
      setSaving(false);
      return;
    }
    toast.show('密码已修改，请重新登录', 'success');
    await session.logout();
  };

  return (
    <div className={s.form}>
      <Text className={s.hint}>{PASSWORD_POLICY}；修改后所有登录都会退出，请用新密码重新登录。</Text>
      {failure && (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      {field('oldPassword', '原密码')}
      {field('newPassword', '新密码')}
      {field('confirm', '确认新密码')}
      <div>
        <Button appearance="primary" disabled={saving} onClick={() => void submit()}>
          修改密码
        </Button>
      </div>
    </div>
  );
}
