import { useEffect, useState } from 'react';
import { Button, Card, Field, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import {
  checkGuardSettings, describeCommandResult, ElecCarApi, expectOk, GUARD_SETTINGS_BUTTON_ID, HttpService, Input, LiveService,
  useButtonPermission, useService, VIBRATION_SENSITIVITIES, VIBRATION_WINDOW_MAX_SECONDS, VIBRATION_WINDOW_MIN_SECONDS,
  sensitivityName, type GuardSettingsView,
} from '@tianlu/sdk';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: '8px', padding: '12px' },
  row: { display: 'flex', gap: '8px', alignItems: 'flex-end' },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

const message = (e: unknown) => (e instanceof Error && e.message ? e.message : '网络异常');

/** What the device side says: the last command's status and answer, or why the device is not told. */
function pushText(view: GuardSettingsView): string {
  if (!view.push.supported) return view.push.reason ?? '';
  const c = view.push.command;
  if (!c) return '灵敏度尚未下发到设备';
  const { text } = describeCommandResult(c.result);
  const answer = text ? `（${text}）` : '';
  return `灵敏度${sensitivityName(Number(c.params.level))}下发：${c.statusText}${c.status === 0 ? '，终端上线后下发' : answer}`;
}

/** The guard's own answer (设备原文), shown on hover. */
function deviceWords(view: GuardSettingsView): string | undefined {
  const { raw } = describeCommandResult(view.push.command?.result ?? null);
  return raw ? `设备原文：${raw}` : undefined;
}

/**
 * 防盗设置 of the selected e-bike (over the map of 电动车监控): its 震动灵敏度 and 告警间隔, editable by
 * those holding 防盗设置 (roles that may edit e-bikes), and whether its guard took the level —
 * updated as the live channel reports the command's answer.
 */
export function GuardSettingsCard(props: { terminalNo: string }) {
  const s = useStyles();
  const http = useService(HttpService);
  const live = useService(LiveService);
  const canEdit = useButtonPermission(GUARD_SETTINGS_BUTTON_ID);
  const [view, setView] = useState<GuardSettingsView>();
  const [sensitivity, setSensitivity] = useState('');
  const [windowSeconds, setWindowSeconds] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const show = (v: GuardSettingsView) => {
    setView(v);
    setSensitivity(String(v.sensitivity));
    setWindowSeconds(String(v.windowSeconds));
  };

  useEffect(() => {
    let current = true;
    setView(undefined);
    setError(undefined);
    http
      .call(ElecCarApi.guardSettings, { terminalNo: props.terminalNo })
      .then((res) => current && show(expectOk(res)))
      .catch((e: unknown) => current && setError(message(e)));
    return () => void (current = false);
  }, [http, props.terminalNo]);

  // the guard's answer to the level it was sent
  useEffect(() => {
    const sub = live.on('command', ({ command }) => {
      setView((v) => (v && v.push.command?.id === command.id ? { ...v, push: { ...v.push, command } } : v));
    });
    return () => sub.dispose();
  }, [live]);

  const save = async () => {
    const checked = checkGuardSettings({ sensitivity, windowSeconds });
    if (!checked.ok) return setError(checked.msg);
    setSaving(true);
    setError(undefined);
    try {
      show(expectOk(await http.call(ElecCarApi.guardSave, { terminalNo: props.terminalNo, ...checked.settings })));
    } catch (e) {
      setError(message(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className={s.card} aria-label="防盗设置">
      <Text weight="semibold">防盗设置{view?.plateNo ? ` · ${view.plateNo}` : ''}</Text>
      {!view && !error && <Text className={s.muted} aria-busy="true">加载中…</Text>}
      {view && (
        <>
          <div className={s.row}>
            <Field label="震动灵敏度" size="small">
              <Select size="small" value={sensitivity} disabled={!canEdit} onChange={(_, d) => setSensitivity(d.value)}>
                {VIBRATION_SENSITIVITIES.map((l) => <option key={l.level} value={String(l.level)}>{l.name}</option>)}
              </Select>
            </Field>
            <Field label="告警间隔（秒）" size="small">
              <Input size="small" type="number" value={windowSeconds} disabled={!canEdit} onChange={(_, d) => setWindowSeconds(d.value)} />
            </Field>
          </div>
          <Text className={s.muted}>
            {`间隔 ${VIBRATION_WINDOW_MIN_SECONDS}–${VIBRATION_WINDOW_MAX_SECONDS} 秒内的连续震动只告警一次；${view.saved ? `保存于 ${view.updateTime?.slice(0, 16).replace('T', ' ')}` : '当前为默认值'}`}
          </Text>
          <Text className={s.muted} data-testid="guard-push" title={deviceWords(view)}>{pushText(view)}</Text>
          {canEdit && (
            <Button size="small" appearance="primary" disabled={saving} onClick={() => void save()}>
              保存
            </Button>
          )}
        </>
      )}
      {error && <Text role="alert" className={s.error}>{error}</Text>}
    </Card>
  );
}
