import { useState } from 'react';
import { Field, makeStyles, Radio, RadioGroup, Text } from '@fluentui/react-components';
import {
  ConfigService, expectOk, HttpService, Input, MAP_KEY_FIELDS, MAP_KEY_LABELS, MAP_PROVIDER_LABELS, MapSettingsApi, PageSection, TENANT_MAP_PROVIDERS, useService,
  type MapBrowserConfig, type MapKeyField, type MapSettings, type TenantMapProvider,
} from '@tianlu/sdk';
import { LoadState, SettingsActions, useSettingsForm } from '../components/settings-form';
import { askMapSettings, mapKeysForbidden } from '../settings/settings-queries';

type Keys = Record<MapKeyField, string>;
type MapForm = { provider: TenantMapProvider; keys: Keys };

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 300px))', gap: '16px 32px' },
  wide: { gridColumn: '1 / -1' },
});

const KEY_HINTS: Record<MapKeyField, string> = {
  amapKey: '高德 Web 服务 Key：按地址查找地点、逆地理编码',
  tencentKey: '腾讯位置服务 Key',
  baiduKey: '百度地图 AK：按地址查找地点、逆地理编码',
  tiandituKey: '使用天地图时必填（浏览器加载瓦片用）',
};

/** Field rules as the server checks them; messages in Chinese. */
export function validateMapSettings(provider: TenantMapProvider, keys: Keys): Partial<Record<MapKeyField, string>> {
  const errors: Partial<Record<MapKeyField, string>> = {};
  for (const field of MAP_KEY_FIELDS) {
    const value = keys[field].trim();
    if (value && !/^[A-Za-z0-9_-]+$/.test(value)) errors[field] = `${MAP_KEY_LABELS[field]}只能包含字母、数字、下划线和短横线`;
    else if (value.length > 100) errors[field] = `${MAP_KEY_LABELS[field]}不能超过 100 个字符`;
  }
  if (provider === 'tianditu' && !keys.tiandituKey.trim()) errors.tiandituKey = '使用天地图需要填写天地图 tk';
  return errors;
}

const keysOf = (s: MapSettings): Keys => Object.fromEntries(MAP_KEY_FIELDS.map((f) => [f, s[f] ?? ''])) as Keys;

/**
 * 地图设置: the tenant's basemap (自动: 高德 street tiles when the browser reaches them, else the
 * offline basemap) and its map service keys. Keys are secrets: only holders of this page's
 * permission read them; everyone else sees which basemap is in use.
 */
export default function MapSettingPage() {
  const s = useStyles();
  const http = useService(HttpService);
  const config = useService(ConfigService);
  const [readOnly, setReadOnly] = useState<MapBrowserConfig>();
  const settings = useSettingsForm<MapSettings, MapForm, ReturnType<typeof validateMapSettings>>({
    load: async () => {
      const res = await askMapSettings(http);
      if (!mapKeysForbidden(res)) return expectOk(res);
      setReadOnly(await config.loadMap());
      return undefined;
    },
    toForm: (saved) => ({ provider: saved.provider, keys: keysOf(saved) }),
    check: (form) => validateMapSettings(form.provider, form.keys),
    save: async ({ provider, keys }) => expectOk(await http.call(MapSettingsApi.save, { provider, ...keys })),
    onSaved: () => void config.loadMap(true),
  });
  const { saved, form, errors } = settings;

  return (
    <PageSection title="地图设置">
      <LoadState error={settings.serverError} loading={!form && !readOnly} />
      {readOnly && (
        <section aria-label="当前地图">
          <Text block>当前地图：{MAP_PROVIDER_LABELS[readOnly.provider]}</Text>
          <Text block>地图服务密钥仅有地图设置权限的管理员可查看和修改。</Text>
        </section>
      )}
      {form && (
        <>
          {saved && !saved.custom && <Text>本租户尚未保存地图设置，当前使用服务器默认值。</Text>}
          <div className={s.form}>
            <Field className={s.wide} label="地图服务">
              <RadioGroup value={form.provider} onChange={(_, d) => settings.setForm({ ...form, provider: d.value as TenantMapProvider })}>
                {TENANT_MAP_PROVIDERS.map((p) => (
                  <Radio key={p} value={p} label={MAP_PROVIDER_LABELS[p]} />
                ))}
              </RadioGroup>
            </Field>
            {MAP_KEY_FIELDS.map((f) => (
              <Field key={f} label={MAP_KEY_LABELS[f]} hint={KEY_HINTS[f]} validationMessage={errors[f]} validationState={errors[f] ? 'error' : 'none'}>
                <Input type="password" autoComplete="off" maxLength={100} value={form.keys[f]} onChange={(_, d) => settings.setForm({ ...form, keys: { ...form.keys, [f]: d.value } })} />
              </Field>
            ))}
          </div>
          <SettingsActions form={settings} />
        </>
      )}
    </PageSection>
  );
}
