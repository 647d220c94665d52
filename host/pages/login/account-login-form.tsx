import { Button, Field, makeStyles, tokens } from '@fluentui/react-components';
import { Input } from '../../../sdk/components/text-input';
import { FormMessage } from './form-error';
import { usePasswordLogin } from './use-password-login';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '14px' },
  codeRow: { display: 'flex', gap: '8px', alignItems: 'flex-end' },
  codeInput: { flex: 1 },
  codeImage: {
    height: '36px',
    width: '124px',
    cursor: 'pointer',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    background: tokens.colorNeutralBackground3,
  },
  submit: { marginTop: '6px' },
});

/** Account + password (+ image code when the server asks for it). */
export function AccountLoginForm() {
  const s = useStyles();
  const f = usePasswordLogin();
  return (
    <form
      className={s.form}
      onSubmit={(e) => {
        e.preventDefault();
        void f.submit();
      }}
    >
      {f.error && <FormMessage text={f.error} />}
      <Field label="账号">
        <Input maxLength={64} size="large" value={f.account} onChange={(_, d) => f.setAccount(d.value)} placeholder="请输入账号" autoComplete="username" />
      </Field>
      <Field label="密码">
        <Input
          size="large"
          type="password"
          value={f.password}
          onChange={(_, d) => f.setPassword(d.value)}
          placeholder="请输入密码"
          autoComplete="current-password"
        />
      </Field>
      {f.needCode && (
        <div className={s.codeRow}>
          <Field label="验证码" className={s.codeInput}>
            <Input value={f.code} onChange={(_, d) => f.setCode(d.value)} placeholder="请输入图中字符" maxLength={6} />
          </Field>
          {f.codeImage ? (
            <img className={s.codeImage} src={f.codeImage} alt="图片验证码" title="看不清？点击刷新" onClick={() => void f.refreshCode()} />
          ) : (
            <Button onClick={() => void f.refreshCode()}>刷新验证码</Button>
          )}
        </div>
      )}
      <Button className={s.submit} appearance="primary" size="large" type="submit" disabled={f.submitting}>
        登录
      </Button>
    </form>
  );
}
