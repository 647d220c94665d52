import { useEffect, useState } from 'react';
import { Badge, Button, Field, makeStyles, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { expectOk, HttpService, Input, SessionService, ToastService, useService } from '@tianlu/sdk';
import { maskPhone, messageOf, PHONE_PATTERN, SecurityApi } from './security-paths';

/** Seconds before another code may be asked for (the server allows one send a minute). */
export const RESEND_SECONDS = 60;

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: 'minmax(0, 320px)', gap: '12px' },
  row: { display: 'flex', gap: '8px', alignItems: 'flex-end' },
  current: { display: 'flex', gap: '8px', alignItems: 'center' },
});

/** 手机绑定: the bound phone, a code to a new one (60 s countdown) and its confirmation. */
export const PhoneSection = observer(function PhoneSection() {
  const s = useStyles();
  const http = useService(HttpService);
  const session = useService(SessionService);
  const toast = useService(ToastService);
  const user = session.user;
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [phoneError, setPhoneError] = useState<string>();
  const [codeError, setCodeError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [countdown, setCountdown] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const checkPhone = () => {
    const error = PHONE_PATTERN.test(phone.trim()) ? undefined : '手机号格式不正确';
    setPhoneError(error);
    return !error;
  };

  const send = async () => {
    setFailure(undefined);
    if (!checkPhone()) return;
    setBusy(true);
    try {
      expectOk(await http.call(SecurityApi.sendSmsCode, { phone: phone.trim() }));
      setCountdown(RESEND_SECONDS);
      toast.show('验证码已发送', 'success');
    } catch (e) {
      setFailure(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const verify = async () => {
    setFailure(undefined);
    if (!checkPhone()) return;
    const codeOk = /^\d{6}$/.test(code.trim());
    setCodeError(codeOk ? undefined : '请输入 6 位验证码');
    if (!codeOk) return;
    setBusy(true);
    try {
      expectOk(await http.call(SecurityApi.phoneCodeVerify, { phone: phone.trim(), code: code.trim() }));
      toast.show('手机号已绑定', 'success');
      setPhone('');
      setCode('');
      setCountdown(0);
      await session.fetchUser();
    } catch (e) {
      setFailure(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={s.form}>
      <div className={s.current}>
        <Text>当前手机：{user?.phone ? maskPhone(user.phone) : '未绑定'}</Text>
        {user?.phone && (
          <Badge appearance="tint" color={user.phoneVerified ? 'success' : 'warning'}>
            {user.phoneVerified ? '已验证' : '未验证'}
          </Badge>
        )}
      </div>
      {failure && (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      <div className={s.row}>
        <Field label="手机号" validationMessage={phoneError} validationState={phoneError ? 'error' : 'none'}>
          <Input value={phone} inputMode="tel" maxLength={11} onChange={(_, d) => setPhone(d.value)} />
        </Field>
        <Button disabled={busy || countdown > 0} onClick={() => void send()}>
          {countdown > 0 ? `${countdown} 秒后重发` : '获取验证码'}
        </Button>
      </div>
      <div className={s.row}>
        <Field label="验证码" validationMessage={codeError} validationState={codeError ? 'error' : 'none'}>
          <Input value={code} inputMode="numeric" maxLength={6} onChange={(_, d) => setCode(d.value)} />
        </Field>
        <Button appearance="primary" disabled={busy} onClick={() => void verify()}>
          绑定
        </Button>
      </div>
    </div>
  );
});
