import { useEffect, useState } from 'react';
import { Field, makeStyles, Select, Switch, Text, tokens } from '@fluentui/react-components';
import {
  expectOk, HttpService, Input, PageSection, PluginSettingsApi, SETTING_TEXT_MAX_LENGTH, useService, type PluginSettingField, type PluginSettingsEntry,
} from '@tianlu/sdk';
import { failureText, LoadState, SettingsActions, useSettingsForm } from '../components/settings-form';
import { readPluginSettings } from '../settings/settings-queries';
import { checkPluginSettingForm, pluginSettingValues, toPluginSettingForm, type PluginSettingForm } from './plugin-setting-form';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '16px' },
  plugin: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '12px 16px', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  head: { display: 'flex', alignItems: 'baseline', gap: '8px', flexWrap: 'wrap', margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: '12px 24px', alignItems: 'start' },
});

/** One setting as its declaration says: text, a number with its unit, a switch, or a choice. */
function SettingField(props: { field: PluginSettingField; value: string | boolean; error?: string; onChange: (value: string | boolean) => void }) {
  const { field: f, value, error } = props;
  const label = f.unit && f.kind !== 'boolean' ? `${f.title}（${f.unit}）` : f.title;
  const control = (() => {
    switch (f.kind) {
      case 'boolean':
        return <Switch checked={value === true} onChange={(_, d) => props.onChange(d.checked)} label={value === true ? '开启' : '关闭'} />;
      case 'choice':
        return (
          <Select value={String(value)} onChange={(_, d) => props.onChange(d.value)}>
            {(f.options ?? []).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        );
      case 'number':
        return <Input inputMode="decimal" maxLength={20} value={String(value)} onChange={(_, d) => props.onChange(d.value)} />;
      case 'text':
        return <Input maxLength={f.maxLength ?? SETTING_TEXT_MAX_LENGTH} value={String(value)} onChange={(_, d) => props.onChange(d.value)} />;
    }
  })();
  return (
    <Field label={label} required={f.kind === 'text' && f.required} hint={f.help} validationMessage={error} validationState={error ? 'error' : 'none'}>
      {control}
    </Field>
  );
}

/** One sub-application's settings: its form, checked as the server checks it, saved for the tenant. */
function PluginSettingsCard(props: { entry: PluginSettingsEntry }) {
  const s = useStyles();
  const http = useService(HttpService);
  const { fields, systemId, title } = props.entry;
  const settings = useSettingsForm<PluginSettingsEntry, PluginSettingForm>({
    load: async () => props.entry,
    toForm: (saved) => toPluginSettingForm(saved.fields, saved.values),
    check: (form) => checkPluginSettingForm(fields, form),
    save: async (form) => expectOk(await http.call(PluginSettingsApi.save, { systemId, values: pluginSettingValues(fields, form) })),
  });
  const { form, errors, saved } = settings;
  return (
    <section className={s.plugin} aria-label={title}>
      <h3 className={s.head}>
        {title}
        {saved && !saved.saved && <Text size={200}>（尚未保存，使用默认值）</Text>}
      </h3>
      <LoadState error={settings.serverError} />
      {form && (
        <>
          <div className={s.form}>
            {fields.map((f) => (
              <SettingField key={f.key} field={f} value={form[f.key] ?? ''} error={errors[f.key]} onChange={(v) => settings.setForm({ ...form, [f.key]: v })} />
            ))}
          </div>
          <SettingsActions form={settings} />
        </>
      )}
    </section>
  );
}

/**
 * 插件设置: the settings each sub-application declares, for the tenant, one form per sub-application
 * the administrator's role is granted. Another tenant's values are never shown or changed.
 */
export default function PluginSettingPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const [entries, setEntries] = useState<PluginSettingsEntry[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    readPluginSettings(http)
      .then((list) => live && setEntries(list))
      .catch((e: unknown) => live && setError(failureText(e)));
    return () => void (live = false);
  }, [http]);
  return (
    <PageSection title="插件设置">
      <LoadState error={error} loading={!entries && !error} />
      {entries && entries.length === 0 && <Text>已授权的子应用都没有声明设置项。</Text>}
      {entries && entries.length > 0 && (
        <div className={s.list}>
          {entries.map((entry) => (
            <PluginSettingsCard key={entry.systemId} entry={entry} />
          ))}
        </div>
      )}
    </PageSection>
  );
}
