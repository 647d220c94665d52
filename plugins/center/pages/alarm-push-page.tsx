import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Checkbox, Field, makeStyles, Switch, Text, tokens } from '@fluentui/react-components';
import {
  AlarmPushApi,
  ALARM_TYPE_NAMES,
  type AlarmPushSettings,
  AlarmService,
  expectOk,
  HttpService,
  NavigationService,
  PageSection,
  Textarea,
  useAlarmTypeNames,
  useService,
} from '@tianlu/sdk';
import { checkPushForm, pushBody, toPushForm, type PushErrors, type PushForm } from '../alarm/alarm-push-form';
import { readPushSettings } from '../alarm/alarm-queries';
import { LoadState, SettingsActions, useSettingsForm } from '../components/settings-form';
import { NotifyRoutingSection } from './notify-routing-section';

/** The platform's rules; its other types are terminal alarm bits. */
const PLATFORM_TYPES = new Set([
  'platformOverspeed', 'fenceEnter', 'fenceExit', 'leaveSafeZone', 'offline', 'parking', 'lowBattery',
  'heartRateAbnormal', 'temperatureHigh', 'temperatureLow', 'bloodPressureHigh', 'bloodPressureLow', 'spo2Low', 'gbOverspeed', 'spoofSuspected',
]);
/** 终端告警: the terminal bits; 平台告警: the platform's rules, then the sub-applications' own alarms. */
const typeGroups = (names: Readonly<Record<string, string>>) => [
  { title: '终端告警', types: Object.keys(ALARM_TYPE_NAMES).filter((t) => !PLATFORM_TYPES.has(t)) },
  { title: '平台告警', types: Object.keys(names).filter((t) => PLATFORM_TYPES.has(t) || !(t in ALARM_TYPE_NAMES)) },
];

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '8px', paddingBottom: '8px', borderBottom: `1px solid ${tokens.colorNeutralStroke3}` },
  row: { display: 'flex', alignItems: 'center', gap: '24px', flexWrap: 'wrap' },
  types: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))' },
  wide: { maxWidth: '520px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** 推送设置: the alarm tip (popup, sound), the types pushed, e-mail and SMS delivery, and the routing; webhooks and robots are 推送渠道's. */
export default observer(function AlarmPushPage() {
  const s = useStyles();
  const names = useAlarmTypeNames();
  const groups = useMemo(() => typeGroups(names), [names]);
  const http = useService(HttpService);
  const alarms = useService(AlarmService);
  const nav = useService(NavigationService);
  const settings = useSettingsForm<AlarmPushSettings, PushForm, PushErrors>({
    load: () => readPushSettings(http),
    toForm: toPushForm,
    check: checkPushForm,
    save: async (form) => expectOk(await http.call(AlarmPushApi.save, pushBody(form))),
    onSaved: (next) => alarms.setPush(next),
  });
  const { form, errors } = settings;

  const set = (patch: Partial<PushForm>) => settings.setForm((f) => ({ ...f, ...patch }));
  const toggleType = (type: string, on: boolean) =>
    settings.setForm((f) => ({ ...f, alarmTypes: on ? [...f.alarmTypes.filter((t) => t !== type), type] : f.alarmTypes.filter((t) => t !== type) }));

  const state = (e: string | undefined) => ({ validationMessage: e, validationState: e ? ('error' as const) : ('none' as const) });

  return (
    <PageSection title="推送设置">
      <LoadState error={settings.serverError} loading={!form} />
      {form && (
        <>
          <section className={s.section} aria-label="告警提示">
            <Text weight="semibold">告警提示</Text>
            <div className={s.row}>
              <Switch label="告警弹窗" checked={form.popup} onChange={(_, d) => set({ popup: d.checked })} />
              <Switch label="声音提醒" checked={form.sound} onChange={(_, d) => set({ sound: d.checked })} />
              <Text size={200} className={s.muted}>
                声音还需在页头打开个人的告警声音开关
              </Text>
            </div>
          </section>
          <section className={s.section} aria-label="推送的告警类型">
            <div className={s.row}>
              <Text weight="semibold">推送的告警类型（已选 {form.alarmTypes.length} 种）</Text>
              <Button size="small" onClick={() => set({ alarmTypes: Object.keys(names) })}>
                全选
              </Button>
              <Button size="small" onClick={() => set({ alarmTypes: [] })}>
                清空
              </Button>
            </div>
            {groups.map((g) => (
              <div key={g.title}>
                <Text size={200} className={s.muted}>
                  {g.title}
                </Text>
                <div className={s.types}>
                  {g.types.map((t) => (
                    <Checkbox key={t} label={names[t]} checked={form.alarmTypes.includes(t)} onChange={(_, d) => toggleType(t, !!d.checked)} />
                  ))}
                </div>
              </div>
            ))}
          </section>
          <section className={s.section} aria-label="Webhook 与机器人">
            <Text weight="semibold">Webhook 与机器人</Text>
            <Text size={200} className={s.muted}>
              Webhook 和钉钉、企业微信、飞书机器人在「推送渠道」中添加，可以添加多个，各有自己的地址和密钥；推送规则和告警升级按名称选择它们。
            </Text>
            <div>
              <Button size="small" onClick={() => nav.navigate('/center/notifyChannel')}>
                前往推送渠道
              </Button>
            </div>
          </section>
          <section className={s.section} aria-label="邮件">
            <Switch label="邮件推送" checked={form.emailEnabled} onChange={(_, d) => set({ emailEnabled: d.checked })} />
            <Field label="接收邮箱" hint="每行一个，或用逗号分隔" className={s.wide} {...state(errors.emails)}>
              <Textarea value={form.emails} maxLength={1000} rows={3} onChange={(_, d) => set({ emails: d.value })} />
            </Field>
          </section>
          <section className={s.section} aria-label="短信">
            <Switch label="短信推送" checked={form.smsEnabled} onChange={(_, d) => set({ smsEnabled: d.checked })} />
            <Field label="接收手机号" hint="每行一个，或用逗号分隔" className={s.wide} {...state(errors.phones)}>
              <Textarea value={form.phones} maxLength={300} rows={3} onChange={(_, d) => set({ phones: d.value })} />
            </Field>
          </section>
          <SettingsActions form={settings} />
          <NotifyRoutingSection />
        </>
      )}
    </PageSection>
  );
});
