import { useState } from 'react';
import { Button, makeStyles, MessageBar, MessageBarBody, Switch, Text } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { ConfirmDialog, expectOk, HttpService, SessionService, ToastService, useService, type UserPrivacy } from '@tianlu/sdk';
import { messageOf, SecurityApi } from './security-paths';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: '8px', alignItems: 'flex-start' },
  row: { display: 'flex', gap: '12px', alignItems: 'center' },
});

const SWITCHES: { key: keyof UserPrivacy; label: string }[] = [
  { key: 'hidePhone', label: '对同事隐藏我的手机号（显示为 138****8000）' },
  { key: 'hideEmail', label: '对同事隐藏我的邮箱' },
];

/** 隐私设置: each switch saves at once and goes back when the server refuses. */
export const PrivacySection = observer(function PrivacySection() {
  const s = useStyles();
  const http = useService(HttpService);
  const session = useService(SessionService);
  const [pending, setPending] = useState<Partial<UserPrivacy>>({});
  const [failure, setFailure] = useState<string>();
  const saved: UserPrivacy = session.user?.privacy ?? { hidePhone: false, hideEmail: false };

  const change = async (key: keyof UserPrivacy, value: boolean) => {
    setFailure(undefined);
    setPending({ ...pending, [key]: value });
    try {
      expectOk(await http.call(SecurityApi.updatePrivacy, { [key]: value }));
      await session.fetchUser();
    } catch (e) {
      setFailure(messageOf(e));
    } finally {
      setPending((p) => {
        const { [key]: _done, ...rest } = p;
        return rest;
      });
    }
  };

  return (
    <div className={s.column}>
      {failure && (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      {SWITCHES.map((sw) => (
        <Switch
          key={sw.key}
          label={sw.label}
          checked={pending[sw.key] ?? saved[sw.key]}
          disabled={pending[sw.key] !== undefined}
          onChange={(_, d) => void change(sw.key, d.checked)}
        />
      ))}
    </div>
  );
});

/** 微信绑定: the binding and its removal after a confirmation (a refusal shows in the confirmation). */
export const WechatSection = observer(function WechatSection() {
  const s = useStyles();
  const http = useService(HttpService);
  const session = useService(SessionService);
  const toast = useService(ToastService);
  const [confirming, setConfirming] = useState(false);
  const bound = session.user?.wxBound === true;

  const unbind = async () => {
    expectOk(await http.call(SecurityApi.unbindWx));
    toast.show('已解除微信绑定', 'success');
    await session.fetchUser();
  };

  return (
    <div className={s.column}>
      <div className={s.row}>
        <Text>{bound ? '已绑定微信，可用微信扫码登录' : '未绑定微信'}</Text>
        <Button disabled={!bound} onClick={() => setConfirming(true)}>
          解除绑定
        </Button>
      </div>
      {confirming && <ConfirmDialog title="解除微信绑定" message="解除后将不能再用该微信登录，确定解除吗？" onConfirm={unbind} onClose={() => setConfirming(false)} />}
    </div>
  );
});
