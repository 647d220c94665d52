import { useEffect, useState } from 'react';
import { Button, Field, makeStyles } from '@fluentui/react-components';
import { FormMessage } from './form-error';
import { Input } from '../../../sdk/components/text-input';
import { useLoginKit } from './login-kit';
import { messageOf } from './use-password-login';

export const SMS_COUNTDOWN_SECONDS = 60;
const PHONE_PATTERN = /^1\d{10}$/;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '14px' },
  codeRow: { display: 'flex', gap: '8px', alignItems: 'flex-end' },
  grow: { flex: 1 },
  sendButton: { minWidth: '112px' },
  submit: { marginTop: '6px' },
});

/** Phone + SMS code; the code can be requested again after 60 s. */
export function SmsLoginForm() {
  const s = useStyles();
  const kit = useLoginKit();
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [countdown, setCountdown] = useState(0);
  const [error, setError] = useState<string>();
  const [info, setInfo] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (countdown <= 0) return;
    const t = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(t);
  }, [countdown]);

  const send = async () => {
    setError(undefined);
    setInfo(undefined);
    if (!PHONE_PATTERN.test(phone.trim())) return setError('请输入正确的手机号');
    try {
      await kit.sendLoginSms(phone.trim());
      setCountdown(SMS_COUNTDOWN_SECONDS);
      setInfo('验证码已发送，请注意查收');
    } catch (e) {
      setError(messageOf(e));
    }
  };

  const submit = async () => {
    setError(undefined);
    if (!PHONE_PATTERN.test(phone.trim())) return setError('请输入正确的手机号');
    if (!smsCode.trim()) return setError('请输入验证码');
    setSubmitting(true);
    try {
      await kit.loginWithSms({ phone: phone.trim(), smsCode: smsCode.trim() });
      await kit.enter();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      className={s.form}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {error && <FormMessage text={error} />}
      {info && !error && <FormMessage text={info} intent="success" />}
      <Field label="手机号">
        <Input size="large" type="tel" value={phone} maxLength={11} onChange={(_, d) => setPhone(d.value)} placeholder="请输入手机号" />
      </Field>
      <div className={s.codeRow}>
        <Field label="验证码" className={s.grow}>
          <Input size="large" value={smsCode} maxLength={6} inputMode="numeric" onChange={(_, d) => setSmsCode(d.value)} placeholder="请输入短信验证码" />
        </Field>
        <Button className={s.sendButton} size="large" disabled={countdown > 0} onClick={() => void send()}>
          {countdown > 0 ? `${countdown} 秒后重发` : '获取验证码'}
        </Button>
      </div>
      <Button className={s.submit} appearance="primary" size="large" type="submit" disabled={submitting}>
        登录
      </Button>
    </form>
  );
}
