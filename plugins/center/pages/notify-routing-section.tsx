import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Checkbox, Field, makeStyles, Select, Switch, Text, tokens } from '@fluentui/react-components';
import {
  ALARM_LEVELS,
  expectOk,
  HttpService,
  Input,
  NOTIFY_CHANNEL_KIND_NAMES,
  NOTIFY_ROUTE_CHANNELS,
  NOTIFY_ROUTED_KINDS,
  AlarmPushApi,
  Textarea,
  useAlarmTypeNames,
  useService,
  type AlarmLevel,
  type NotifyChannelView,
  type NotifyEscalation,
  type NotifyRouteChannel,
  type NotifyRouting,
} from '@tianlu/sdk';
import { splitList } from '../alarm/alarm-push-form';
import { readNotifyChannels, readNotifyRouting } from '../alarm/alarm-queries';
import { failureText, LoadState, SettingsActions, useSettingsForm } from '../components/settings-form';

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;
const PHONE = /^1\d{10}$/;
const MAX_RULES = 20;

/** A rule as typed: recipients one per line. */
interface RuleForm {
  name: string;
  alarmTypes: string[];
  levels: AlarmLevel[];
  channels: NotifyRouteChannel[];
  channelIds: number[];
  emails: string;
  phones: string;
}
interface RoutingForm {
  rules: RuleForm[];
  quiet: NotifyRouting['quietHours'];
  escalation: Omit<NotifyEscalation, 'afterMinutes' | 'emails' | 'phones'> & { afterMinutes: string; emails: string; phones: string };
}

const toForm = (r: NotifyRouting): RoutingForm => ({
  rules: r.rules.map((x) => ({ ...x, emails: x.emails.join('\n'), phones: x.phones.join('\n') })),
  quiet: r.quietHours,
  escalation: { ...r.escalation, afterMinutes: String(r.escalation.afterMinutes), emails: r.escalation.emails.join('\n'), phones: r.escalation.phones.join('\n') },
});

const toBody = (f: RoutingForm): NotifyRouting => ({
  rules: f.rules.map((r) => ({ ...r, name: r.name.trim(), emails: r.channels.includes('email') ? splitList(r.emails) : [], phones: r.channels.includes('sms') ? splitList(r.phones) : [] })),
  quietHours: f.quiet,
  escalation: {
    ...f.escalation, afterMinutes: Number(f.escalation.afterMinutes),
    emails: f.escalation.channels.includes('email') ? splitList(f.escalation.emails) : [], phones: f.escalation.channels.includes('sms') ? splitList(f.escalation.phones) : [],
  },
});

/** Chinese messages by field key ('rule.0.name', 'quiet.start', 'escalation.afterMinutes' …); `known`: the ids of 推送渠道's robots and webhooks. */
function check(f: RoutingForm, known: ReadonlySet<number>): Record<string, string> {
  const e: Record<string, string> = {};
  const chosen = (key: string, c: { channels: readonly string[]; channelIds: readonly number[] }) => {
    if (c.channels.length === 0 && c.channelIds.length === 0) e[`${key}.channels`] = '请至少选择一个推送通道';
    else if (c.channelIds.some((id) => !known.has(id))) e[`${key}.channels`] = '所选渠道已删除，请取消选择';
  };
  const recipients = (key: string, channels: readonly string[], emails: string, phones: string) => {
    const badEmail = splitList(emails).find((x) => !EMAIL.test(x));
    const badPhone = splitList(phones).find((x) => !PHONE.test(x));
    if (channels.includes('email')) {
      if (splitList(emails).length === 0) e[`${key}.emails`] = '请填写接收邮箱';
      else if (badEmail) e[`${key}.emails`] = `邮箱格式不正确：${badEmail}`;
    }
    if (channels.includes('sms')) {
      if (splitList(phones).length === 0) e[`${key}.phones`] = '请填写接收手机号';
      else if (badPhone) e[`${key}.phones`] = `手机号格式不正确：${badPhone}`;
    }
  };
  const names = new Set<string>();
  f.rules.forEach((r, i) => {
    const name = r.name.trim();
    if (!name) e[`rule.${i}.name`] = '请填写规则名称';
    else if (names.has(name)) e[`rule.${i}.name`] = '规则名称重复';
    names.add(name);
    chosen(`rule.${i}`, r);
    recipients(`rule.${i}`, r.channels, r.emails, r.phones);
  });
  if (!TIME.test(f.quiet.start)) e['quiet.start'] = '开始时间应为 HH:MM，例如 22:00';
  if (!TIME.test(f.quiet.end)) e['quiet.end'] = '结束时间应为 HH:MM，例如 07:00';
  else if (f.quiet.start === f.quiet.end) e['quiet.end'] = '开始时间和结束时间不能相同';
  const minutes = Number(f.escalation.afterMinutes);
  if (!/^\d+$/.test(f.escalation.afterMinutes.trim()) || minutes < 1 || minutes > 1440) e['escalation.afterMinutes'] = '升级时间应为 1 到 1440 分钟的整数';
  if (f.escalation.enabled) {
    chosen('escalation', f.escalation);
    recipients('escalation', f.escalation.channels, f.escalation.emails, f.escalation.phones);
  }
  return e;
}

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '8px', paddingBottom: '8px', borderBottom: `1px solid ${tokens.colorNeutralStroke3}` },
  rule: { display: 'flex', flexDirection: 'column', gap: '6px', padding: '8px', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, maxWidth: '760px' },
  row: { display: 'flex', alignItems: 'flex-end', gap: '16px', flexWrap: 'wrap' },
  checks: { display: 'flex', flexWrap: 'wrap', columnGap: '4px' },
  types: { minWidth: '220px', height: '96px' },
  short: { width: '110px' },
  list: { width: '260px' },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const levelName = (l: AlarmLevel) => ALARM_LEVELS.find((x) => x.level === l)!.name;
const emptyRule = (n: number): RuleForm => ({ name: `规则${n}`, alarmTypes: [], levels: [], channels: [], channelIds: [], emails: '', phones: '' });
const ROUTED = new Set<string>(NOTIFY_ROUTED_KINDS);
/** A robot or webhook as a rule lists it: its name, kind, and whether it is off. */
const channelLabel = (c: NotifyChannelView) => `${c.name}（${NOTIFY_CHANNEL_KIND_NAMES[c.kind]}${c.enabled ? '' : '，已停用，不会推送'}）`;
const toggle = <T,>(list: readonly T[], value: T, on: boolean): T[] => (on ? [...list.filter((x) => x !== value), value] : list.filter((x) => x !== value));

/**
 * 推送规则, 免打扰时段 and 告警升级 of 推送设置: which channels and recipients per alarm type and
 * level, the hours only urgent alarms go out (the rest are held and sent when they end), and the
 * second list an alarm still 未处理 goes to.
 */
export const NotifyRoutingSection = observer(function NotifyRoutingSection() {
  const s = useStyles();
  const http = useService(HttpService);
  const alarmTypeNames = useAlarmTypeNames();
  /** 推送渠道's robots and webhooks: the form waits for them, so a rule shows its channels by name at once. */
  const [routable, setRoutable] = useState<NotifyChannelView[]>();
  const known = new Set(routable?.map((c) => c.id));
  const settings = useSettingsForm<NotifyRouting, RoutingForm>({
    load: () => readNotifyRouting(http),
    toForm,
    check: (f) => check(f, known),
    save: async (f) => expectOk(await http.call(AlarmPushApi.saveRouting, toBody(f))),
    savedText: '推送规则已保存',
  });
  const { form, errors, serverError, setServerError } = settings;

  useEffect(() => {
    readNotifyChannels(http)
      .then((channels) => setRoutable(channels.filter((c) => ROUTED.has(c.kind))))
      .catch((e: unknown) => {
        setRoutable([]);
        setServerError(`推送渠道加载失败：${failureText(e)}`);
      });
  }, [http, setServerError]);

  if (!form || !routable) return <LoadState error={serverError} />;

  const state = (key: string) => ({ validationMessage: errors[key], validationState: errors[key] ? ('error' as const) : ('none' as const) });
  const errorText = (key: string) =>
    errors[key] ? (
      <Text size={200} className={s.error}>
        {errors[key]}
      </Text>
    ) : null;
  const setForm = settings.setForm;
  const setRule = (i: number, patch: Partial<RuleForm>) => setForm({ ...form, rules: form.rules.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  const setQuiet = (patch: Partial<RoutingForm['quiet']>) => setForm({ ...form, quiet: { ...form.quiet, ...patch } });
  const setEsc = (patch: Partial<RoutingForm['escalation']>) => setForm({ ...form, escalation: { ...form.escalation, ...patch } });

  const recipientFields = (key: string, label: string, channels: readonly string[], emails: string, phones: string, set: (p: { emails?: string; phones?: string }) => void) => (
    <div className={s.row}>
      {channels.includes('email') && (
        <Field label={`${label}接收邮箱`} hint="每行一个" {...state(`${key}.emails`)}>
          <Textarea className={s.list} value={emails} rows={2} maxLength={1000} onChange={(_, d) => set({ emails: d.value })} />
        </Field>
      )}
      {channels.includes('sms') && (
        <Field label={`${label}接收手机号`} hint="每行一个" {...state(`${key}.phones`)}>
          <Textarea className={s.list} value={phones} rows={2} maxLength={300} onChange={(_, d) => set({ phones: d.value })} />
        </Field>
      )}
    </div>
  );

  /** 邮件, 短信 and each robot and webhook of 推送渠道 by name; a chosen one since deleted, to be unticked. */
  const channelPicks = (label: string, title: string, c: { channels: readonly NotifyRouteChannel[]; channelIds: readonly number[] }, set: (p: { channels?: NotifyRouteChannel[]; channelIds?: number[] }) => void) => (
    <div className={s.checks} role="group" aria-label={label}>
      <Text size={200} className={s.muted}>{title}：</Text>
      {NOTIFY_ROUTE_CHANNELS.map((x) => (
        <Checkbox key={x.channel} label={x.name} checked={c.channels.includes(x.channel)} onChange={(_, d) => set({ channels: toggle(c.channels, x.channel, !!d.checked) })} />
      ))}
      {routable.map((x) => (
        <Checkbox key={x.id} label={channelLabel(x)} checked={c.channelIds.includes(x.id)} onChange={(_, d) => set({ channelIds: toggle(c.channelIds, x.id, !!d.checked) })} />
      ))}
      {c.channelIds.filter((id) => !known.has(id)).map((id) => (
        <Checkbox key={id} className={s.error} label={`已删除的渠道（编号 ${id}），不会推送`} checked onChange={() => set({ channelIds: c.channelIds.filter((x) => x !== id) })} />
      ))}
      {routable.length === 0 && <Text size={200} className={s.muted}>（机器人和 Webhook 请先在「推送渠道」中添加）</Text>}
    </div>
  );

  return (
    <>
      <section className={s.section} aria-label="推送规则">
        <div className={s.row}>
          <Text weight="semibold">推送规则（{form.rules.length} 条）</Text>
          <Button size="small" disabled={form.rules.length >= MAX_RULES} onClick={() => setForm({ ...form, rules: [...form.rules, emptyRule(form.rules.length + 1)] })}>
            添加规则
          </Button>
        </div>
        <Text size={200} className={s.muted}>
          未设置规则时，推送的告警发给上方的全部接收人，以及推送渠道中启用的全部机器人和 Webhook；设置规则后，告警按规则的类型和级别只发给规则选择的渠道和接收人，已停用或已删除的渠道跳过并在推送记录中注明。同一接收人每分钟最多一条消息，其间的告警合并为一条发送。
        </Text>
        {form.rules.map((r, i) => (
          <div key={i} className={s.rule} role="group" aria-label={`规则 ${i + 1}`}>
            <div className={s.row}>
              <Field label="规则名称" {...state(`rule.${i}.name`)}>
                <Input value={r.name} maxLength={20} onChange={(_, d) => setRule(i, { name: d.value })} />
              </Field>
              <Field label="告警类型" hint="不选即全部类型（按住 Ctrl 多选）">
                <select
                  multiple
                  aria-label={`${r.name || `规则 ${i + 1}`}告警类型`}
                  className={s.types}
                  value={r.alarmTypes}
                  onChange={(e) => setRule(i, { alarmTypes: [...e.currentTarget.selectedOptions].map((o) => o.value) })}
                >
                  {Object.entries(alarmTypeNames).map(([t, name]) => (
                    <option key={t} value={t}>{name}</option>
                  ))}
                </select>
              </Field>
              <Button size="small" onClick={() => setForm({ ...form, rules: form.rules.filter((_, j) => j !== i) })}>
                删除规则
              </Button>
            </div>
            <div className={s.checks} role="group" aria-label={`规则 ${i + 1} 告警级别`}>
              <Text size={200} className={s.muted}>级别（不选即全部）：</Text>
              {ALARM_LEVELS.map((l) => (
                <Checkbox key={l.level} label={l.name} checked={r.levels.includes(l.level)} onChange={(_, d) => setRule(i, { levels: toggle(r.levels, l.level, !!d.checked) })} />
              ))}
            </div>
            {channelPicks(`规则 ${i + 1} 推送通道`, '推送通道', r, (p) => setRule(i, p))}
            {errorText(`rule.${i}.channels`)}
            {recipientFields(`rule.${i}`, '', r.channels, r.emails, r.phones, (p) => setRule(i, p))}
          </div>
        ))}
      </section>
      <section className={s.section} aria-label="免打扰时段">
        <Switch label="免打扰时段" checked={form.quiet.enabled} onChange={(_, d) => setQuiet({ enabled: d.checked })} />
        <div className={s.row}>
          <Field label="开始（北京时间）" {...state('quiet.start')}>
            <Input className={s.short} value={form.quiet.start} maxLength={8} placeholder="22:00" onChange={(_, d) => setQuiet({ start: d.value })} />
          </Field>
          <Field label="结束（北京时间）" {...state('quiet.end')}>
            <Input className={s.short} value={form.quiet.end} maxLength={8} placeholder="07:00" onChange={(_, d) => setQuiet({ end: d.value })} />
          </Field>
          <Field label="期间照常推送">
            <Select value={form.quiet.minLevel} onChange={(_, d) => setQuiet({ minLevel: d.value as AlarmLevel })}>
              {ALARM_LEVELS.map((l) => (
                <option key={l.level} value={l.level}>{l.level === 'info' ? '全部级别' : `${levelName(l.level)}及以上`}</option>
              ))}
            </Select>
          </Field>
        </div>
        <Text size={200} className={s.muted}>
          免打扰期间，低于所选级别的告警暂不推送，时段结束后按接收人合并发送，不会丢弃。
        </Text>
      </section>
      <section className={s.section} aria-label="告警升级">
        <Switch label="告警升级" checked={form.escalation.enabled} onChange={(_, d) => setEsc({ enabled: d.checked })} />
        <div className={s.row}>
          <Field label="未处理超过（分钟）" {...state('escalation.afterMinutes')}>
            <Input className={s.short} value={form.escalation.afterMinutes} maxLength={4} onChange={(_, d) => setEsc({ afterMinutes: d.value })} />
          </Field>
          <Field label="升级的级别">
            <Select value={form.escalation.minLevel} onChange={(_, d) => setEsc({ minLevel: d.value as AlarmLevel })}>
              {ALARM_LEVELS.map((l) => (
                <option key={l.level} value={l.level}>{l.level === 'info' ? '全部级别' : `${levelName(l.level)}及以上`}</option>
              ))}
            </Select>
          </Field>
        </div>
        {channelPicks('升级推送通道', '升级推送通道', form.escalation, setEsc)}
        {errorText('escalation.channels')}
        {recipientFields('escalation', '升级', form.escalation.channels, form.escalation.emails, form.escalation.phones, setEsc)}
        <Text size={200} className={s.muted}>
          告警超过所设时间仍未处理，会再发给升级接收人一次。
        </Text>
      </section>
      <LoadState error={serverError} />
      <SettingsActions form={settings} saveText="保存推送规则" resetText="重置推送规则" />
    </>
  );
});
