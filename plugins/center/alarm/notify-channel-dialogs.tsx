import { useEffect, useRef, useState } from 'react';
import { Button, Field, makeStyles, MessageBar, MessageBarBody, Select, Switch, Text, tokens } from '@fluentui/react-components';
import {
  checkNotifyChannel,
  checkNotifyField,
  checkTestRecipient,
  expectOk,
  fieldErrorsOf,
  Flag,
  FormDialog,
  HttpService,
  Input,
  isSecretField,
  NOTIFY_CHANNEL_FIELDS,
  NOTIFY_CHANNEL_KIND_NAMES,
  NOTIFY_CHANNEL_KINDS,
  NotifyApi,
  useService,
  type NotifyChannelKind,
  type NotifyChannelView,
  type NotifyFieldErrors,
  type NotifyFieldSpec,
  type NotifyTestAnswer,
} from '@tianlu/sdk';

const useStyles = makeStyles({
  // a field's error under it makes its row taller: its neighbour keeps its own height
  grid: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: '16px', rowGap: '8px', alignItems: 'start' },
  wide: { gridColumn: '1 / -1' },
  withButton: { display: 'flex', gap: '8px', alignItems: 'flex-start' },
  grow: { flex: 1 },
  hint: { color: tokens.colorNeutralForeground3 },
  answer: { wordBreak: 'break-all' },
});

/** A random signing secret for the webhook (the receiver needs it; it is shown here once). */
function randomSecret(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const initialValues = (kind: NotifyChannelKind): Record<string, string> =>
  Object.fromEntries(NOTIFY_CHANNEL_FIELDS[kind].map((f) => [f.key, f.initial ?? '']));

/** A field's error shown under it (Fluent Field's validation message, role alert). */
const validation = (error: string | undefined) => ({ validationMessage: error, validationState: error ? ('error' as const) : ('none' as const) });

/** Brings the first field in error into view and into focus once errors are shown. */
function useFocusFirstError(errors: NotifyFieldErrors) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const first = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.scrollIntoView?.({ block: 'nearest' });
    first?.focus();
  }, [errors]);
  return ref;
}

/** Fields that take a whole row: addresses, secrets, long hints. */
const wideField = (f: NotifyFieldSpec) => f.type === 'url' || f.type === 'secretUrl' || (f.type === 'secret' && !!f.hint) || f.key === 'templateParams' || f.key === 'templateCode' || !!f.wide;

/** 添加/编辑推送渠道: the kind's fields; secrets come masked and stay as stored unless replaced. */
export function NotifyChannelDialog(props: { editing?: NotifyChannelView; onSaved: (saved: NotifyChannelView) => void; onClose: () => void }) {
  const s = useStyles();
  const http = useService(HttpService);
  const e = props.editing;
  const [kind, setKind] = useState<NotifyChannelKind>(e?.kind ?? 'dingtalk');
  const [name, setName] = useState(e?.name ?? '');
  const [enabled, setEnabled] = useState(e?.enabled ?? true);
  const [values, setValues] = useState<Record<string, string>>(e ? { ...e.values } : initialValues('dingtalk'));
  const [errors, setErrors] = useState<NotifyFieldErrors>({});
  const grid = useFocusFirstError(errors);
  // a field's error goes once the field is changed; the next save checks it again
  const set = (key: string, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _changed, ...rest }) => rest);
  };

  const chooseKind = (next: NotifyChannelKind) => {
    setKind(next);
    setValues(initialValues(next));
    setErrors({});
  };

  /** What is wrong with the fields, checked as the server checks them; a secret left masked keeps the stored one. */
  const check = (): NotifyFieldErrors => {
    const found: NotifyFieldErrors = {};
    const across = checkNotifyChannel(kind, values);
    for (const f of NOTIFY_CHANNEL_FIELDS[kind]) {
      const value = values[f.key] ?? '';
      if (isSecretField(f) && e?.values[f.key] && value === e.values[f.key]) continue;
      const checked = checkNotifyField(kind, f, value);
      const error = checked.error ?? across[f.key];
      if (error !== undefined) found[f.key] = error;
    }
    return found;
  };

  const submit = async () => {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return false;
    const body = { ...(e && { id: e.id }), kind, name: name.trim(), enabled, values };
    const answer = await http.call(NotifyApi.saveChannel, body);
    // the server's refusal of a field shows under it; any other shows at the dialog's foot
    const refused = answer.flag === Flag.OK ? undefined : fieldErrorsOf(answer.obj);
    if (refused) {
      setErrors(refused);
      return false;
    }
    props.onSaved(expectOk(answer));
    return true;
  };

  const field = (f: NotifyFieldSpec) => {
    const value = values[f.key] ?? '';
    if (f.type === 'bool') {
      return <Switch key={f.key} label={f.label} checked={value === 'true'} onChange={(_, d) => set(f.key, String(d.checked))} />;
    }
    const keptHint = isSecretField(f) && e && e.values[f.key] ? `保留 ${e.values[f.key]} 即沿用已保存的${f.type === 'secretUrl' ? '地址' : '密钥'}` : undefined;
    const hint = [keptHint, f.hint].filter(Boolean).join('；') || undefined;
    return (
      <Field key={f.key} label={f.label} required={f.required} hint={hint} className={wideField(f) ? s.wide : undefined} {...validation(errors[f.key])}>
        {f.type === 'msgtype' ? (
          <Select value={value || 'text'} onChange={(_, d) => set(f.key, d.value)}>
            <option value="text">文本</option>
            <option value="markdown">Markdown</option>
          </Select>
        ) : kind === 'webhook' && f.key === 'secret' ? (
          <div className={s.withButton}>
            <Input className={s.grow} value={value} maxLength={200} autoComplete="off" onChange={(_, d) => set(f.key, d.value)} />
            <Button onClick={() => set(f.key, randomSecret())}>生成</Button>
          </div>
        ) : (
          <Input
            value={value}
            maxLength={f.type === 'url' || f.type === 'secretUrl' ? 1000 : 200}
            placeholder={f.placeholder}
            autoComplete="off"
           
            onChange={(_, d) => set(f.key, d.value)}
          />
        )}
      </Field>
    );
  };

  return (
    <FormDialog title={e ? `编辑推送渠道：${e.name}` : '添加推送渠道'} label={e ? '编辑推送渠道' : '添加推送渠道'} width={720} onSubmit={submit} onClose={props.onClose}>
      <div ref={grid} className={s.grid}>
        <Field label="渠道类型">
          <Select value={kind} disabled={!!e} onChange={(_, d) => chooseKind(d.value as NotifyChannelKind)}>
            {NOTIFY_CHANNEL_KINDS.map((k) => (
              <option key={k} value={k}>
                {NOTIFY_CHANNEL_KIND_NAMES[k]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="渠道名称" hint="不填则为渠道类型">
          <Input value={name} maxLength={50} onChange={(_, d) => setName(d.value)} />
        </Field>
        <Switch className={s.wide} label="启用" checked={enabled} onChange={(_, d) => setEnabled(d.checked)} />
        {NOTIFY_CHANNEL_FIELDS[kind].map(field)}
      </div>
      {kind === 'webhook' && <Text size={200} className={s.hint}>可添加多个 Webhook，各用各的签名密钥；推送规则与告警升级可按名称选择。</Text>}
    </FormDialog>
  );
}

const RECIPIENT: Partial<Record<NotifyChannelKind, { label: string; placeholder: string }>> = {
  smtp: { label: '接收邮箱', placeholder: 'ops@example.com' },
  'aliyun-sms': { label: '接收手机号', placeholder: '13800138000' },
  'tencent-sms': { label: '接收手机号', placeholder: '13800138000' },
};

/** 发送测试: sends a test message through the saved channel now and shows what the provider answered. */
export function NotifyTestDialog(props: { channel: NotifyChannelView; onClose: () => void }) {
  const s = useStyles();
  const http = useService(HttpService);
  const [recipient, setRecipient] = useState('');
  const [answer, setAnswer] = useState<NotifyTestAnswer>();
  const [errors, setErrors] = useState<NotifyFieldErrors>({});
  const box = useFocusFirstError(errors);
  const need = RECIPIENT[props.channel.kind];

  const send = async () => {
    setAnswer(undefined);
    const wrong = checkTestRecipient(props.channel.kind, recipient);
    setErrors(wrong ? { recipient: wrong } : {});
    if (wrong) return false;
    const res = await http.call(NotifyApi.testChannel, { id: props.channel.id, ...(need && { recipient: recipient.trim() }) });
    const refused = res.flag === Flag.OK ? undefined : fieldErrorsOf(res.obj);
    if (refused) setErrors(refused);
    else setAnswer(expectOk(res));
    // the dialog stays open with the answer
    return false;
  };

  return (
    <FormDialog title={`发送测试：${props.channel.name}`} label="发送测试" submitText="发送" cancelText="关闭" width={560} onSubmit={send} onClose={props.onClose}>
      <Text>立即通过「{props.channel.name}」（{NOTIFY_CHANNEL_KIND_NAMES[props.channel.kind]}）发送一条测试消息，并显示服务商的应答。</Text>
      {need && (
        <div ref={box}>
          <Field label={need.label} required {...validation(errors.recipient)}>
            <Input
              value={recipient}
              maxLength={100}
              placeholder={need.placeholder}
              onChange={(_, d) => {
                setRecipient(d.value);
                setErrors({});
              }}
            />
          </Field>
        </div>
      )}
      {answer && (
        <MessageBar intent={answer.accepted ? 'success' : 'error'} aria-label="测试结果">
          <MessageBarBody className={s.answer}>{answer.message}</MessageBarBody>
        </MessageBar>
      )}
    </FormDialog>
  );
}
