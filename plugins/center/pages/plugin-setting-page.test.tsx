import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PluginScope, PluginSettingsApi, ServiceProvider, usePluginSettings } from '@tianlu/sdk';
import { OTHER_TENANT, startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import { prefetchPluginSettings } from '../settings/settings-queries';
import PluginSettingPage from './plugin-setting-page';

/** A plugin installed in PLUGINS_DIR that declares its settings in manifest.json. */
const COLD = {
  platformId: 93, systemId: 'cold', name: 'cold', productionEntry: '/child/cold/index.js', developmentEntry: '', title: '冷链监控', icon: 'Apps',
  path: '/cold/', created: '2026-11-27', iconfont: '', enabled: true,
  settings: [
    { key: 'maxCelsius', title: '最高温度', kind: 'number', default: 8, min: -40, max: 60, unit: '℃', help: '超过即记为超温' },
    { key: 'alertText', title: '提醒文字', kind: 'text', default: '温度超标', maxLength: 20, required: true },
    { key: 'notify', title: '短信提醒', kind: 'boolean', default: true },
    { key: 'mode', title: '采样频率', kind: 'choice', options: [{ value: 'fast', label: '每分钟' }, { value: 'slow', label: '每十分钟' }], default: 'slow' },
  ],
};
const SAVE = PluginSettingsApi.save.path;

/** A page of the plugin that shows what its settings say. */
function ColdLimitPage() {
  const { values, error } = usePluginSettings();
  if (error) return <p>{error}</p>;
  return values ? <p>超温线 {String(values.maxCelsius)} ℃，{values.notify ? '短信提醒' : '不提醒'}</p> : <p>加载中…</p>;
}

let kit: PageServer;
let tenantId: number;

beforeAll(async () => {
  kit = await startPageServer({ installed: [COLD] });
  tenantId = (await kit.server.store.org.findTenantByName('天路演示'))!.id;
});

afterAll(() => kit?.close());

/** The plugin's form, once its settings are in. */
async function section(): Promise<HTMLElement> {
  const cold = await screen.findByRole('region', { name: '冷链监控' });
  await within(cold).findByRole('button', { name: '保存' });
  return cold;
}

describe('插件设置', () => {
  it('shows each granted plugin’s declared settings as a form with its defaults', async () => {
    await kit.render(<PluginSettingPage />);
    const cold = await section();
    expect(within(cold).getByText('（尚未保存，使用默认值）')).toBeTruthy();
    expect((within(cold).getByLabelText(/^最高温度（℃）/) as HTMLInputElement).value).toBe('8');
    expect(within(cold).getByText('超过即记为超温')).toBeTruthy();
    expect((within(cold).getByLabelText(/^提醒文字/) as HTMLInputElement).value).toBe('温度超标');
    expect((within(cold).getByRole('switch', { name: /短信提醒|开启/ }) as HTMLInputElement).checked).toBe(true);
    expect((within(cold).getByLabelText('采样频率') as HTMLSelectElement).value).toBe('slow');
  });

  it('refuses what the declaration does not admit, in Chinese, and sends nothing', async () => {
    kit.forget();
    await kit.render(<PluginSettingPage />);
    const cold = await section();
    fireEvent.change(within(cold).getByLabelText(/^最高温度/), { target: { value: '100' } });
    fireEvent.change(within(cold).getByLabelText(/^提醒文字/), { target: { value: ' ' } });
    fireEvent.click(within(cold).getByRole('button', { name: '保存' }));
    expect(await within(cold).findByText('最高温度必须在 -40～60 ℃ 之间')).toBeTruthy();
    expect(within(cold).getByText('提醒文字不能为空')).toBeTruthy();
    expect(kit.requests(SAVE)).toHaveLength(0);
    expect(await kit.server.store.pluginSettings.get(tenantId, 'cold')).toBeUndefined();
  });

  it('saves the tenant’s values, and the plugin’s page reads them', async () => {
    kit.forget();
    await kit.render(<PluginSettingPage />);
    const cold = await section();
    fireEvent.change(within(cold).getByLabelText(/^最高温度/), { target: { value: '4.5' } });
    fireEvent.change(within(cold).getByLabelText('采样频率'), { target: { value: 'fast' } });
    fireEvent.click(within(cold).getByRole('switch'));
    fireEvent.click(within(cold).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(kit.requests(SAVE)[0]?.flag).toBe(1));
    expect(kit.requests(SAVE)[0]!.body).toEqual({ systemId: 'cold', values: { maxCelsius: 4.5, alertText: '温度超标', notify: false, mode: 'fast' } });
    await waitFor(() => expect(within(cold).queryByText('（尚未保存，使用默认值）')).toBeNull());

    const { kernel } = await kit.login();
    render(
      <PluginScope plugin={{ platformId: 93, systemId: 'cold', title: '冷链监控', basePath: '/cold/' }} container={kernel}>
        <ColdLimitPage />
      </PluginScope>,
    );
    expect(await screen.findByText('超温线 4.5 ℃，不提醒')).toBeTruthy();
  });

  it('shows another tenant, not granted the plugin, nothing of it; its page is refused', async () => {
    await kit.render(<PluginSettingPage />, OTHER_TENANT);
    expect(await screen.findByText('已授权的子应用都没有声明设置项。')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '冷链监控' })).toBeNull();
    const { kernel } = await kit.login(OTHER_TENANT);
    render(
      <PluginScope plugin={{ platformId: 93, systemId: 'cold', title: '冷链监控', basePath: '/cold/' }} container={kernel}>
        <ColdLimitPage />
      </PluginScope>,
    );
    expect(await screen.findByText('无权限访问')).toBeTruthy();
  });
});

describe('插件设置 asked ahead by its route', () => {
  it('asks the granted plugins’ settings beside the page’s code; the page’s first load takes the answer', async () => {
    const kernel = await kit.askAhead(prefetchPluginSettings, [PluginSettingsApi.list.path]);
    render(<ServiceProvider container={kernel}><PluginSettingPage /></ServiceProvider>);
    const cold = await section();
    expect(within(cold).getByLabelText(/^最高温度（℃）/)).toBeTruthy();
    // nothing asked a second time
    expect(kit.requests(PluginSettingsApi.list.path)).toHaveLength(1);
  });
});
