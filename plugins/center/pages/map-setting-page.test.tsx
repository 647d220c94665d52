import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MapSettingsApi, ServiceProvider, type ServiceGetter } from '@tianlu/sdk';
import { OTHER_TENANT, startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import { prefetchMapSetting } from '../settings/settings-queries';
import MapSettingPage from './map-setting-page';

let kit: PageServer;
let tenantId: number;
let adminId: number;

beforeAll(async () => {
  kit = await startPageServer();
  const { store } = kit.server;
  const admin = (await store.users.findByAccount('admin'))!;
  tenantId = admin.tenantId;
  adminId = admin.id;
  // 实时监控 only: no 地图设置 (the password is the demo admin's)
  await kit.addUser({ account: 'map_watcher', name: '只看地图', role: '只看地图', platforms: [8], resources: [8100] });
});

afterAll(() => kit?.close());

const keyInput = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

describe('地图设置', () => {
  it('checks the keys before sending: 天地图 needs its tk, keys take only letters, digits, _ and -', async () => {
    kit.forget();
    await kit.render(<MapSettingPage />);
    expect(await screen.findByText('本租户尚未保存地图设置，当前使用服务器默认值。')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('天地图'));
    fireEvent.change(keyInput('高德 Key'), { target: { value: 'bad key!' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('使用天地图需要填写天地图 tk')).toBeTruthy();
    expect(screen.getByText('高德 Key只能包含字母、数字、下划线和短横线')).toBeTruthy();
    expect(kit.requests(MapSettingsApi.save.path)).toHaveLength(0);

    fireEvent.change(keyInput('高德 Key'), { target: { value: '' } });
    fireEvent.change(keyInput('天地图 tk'), { target: { value: 'tk-1' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(kit.requests(MapSettingsApi.save.path)).toHaveLength(1));
    expect(kit.requests(MapSettingsApi.save.path)[0]).toMatchObject({ body: { provider: 'tianditu', amapKey: '', tencentKey: '', baiduKey: '', tiandituKey: 'tk-1' }, flag: 1 });
    await waitFor(() => expect(screen.queryByText('使用天地图需要填写天地图 tk')).toBeNull());
    await waitFor(() => expect(screen.queryByText('本租户尚未保存地图设置，当前使用服务器默认值。')).toBeNull());
    expect(await kit.server.store.mapSettings.get(tenantId)).toEqual({ provider: 'tianditu', tiandituKey: 'tk-1' });
  });

  it('another tenant still uses the server default', async () => {
    kit.forget();
    await kit.render(<MapSettingPage />, OTHER_TENANT);
    expect(await screen.findByText('本租户尚未保存地图设置，当前使用服务器默认值。')).toBeTruthy();
    expect(keyInput('天地图 tk').value).toBe('');
  });

  it('shows an administrator the saved keys', async () => {
    await kit.server.store.mapSettings.save(tenantId, { provider: 'amap', amapKey: 'amap_secret' }, adminId, new Date());
    kit.forget();
    await kit.render(<MapSettingPage />);
    await waitFor(() => expect(keyInput('高德 Key').value).toBe('amap_secret'));
    expect((screen.getByLabelText(/^高德地图/) as HTMLInputElement).checked).toBe(true);
  });

  it('重置 puts the saved keys back and clears the messages; nothing is sent', async () => {
    await kit.server.store.mapSettings.save(tenantId, { provider: 'amap', amapKey: 'amap_saved' }, adminId, new Date());
    kit.forget();
    await kit.render(<MapSettingPage />);
    await waitFor(() => expect(keyInput('高德 Key').value).toBe('amap_saved'));
    fireEvent.change(keyInput('高德 Key'), { target: { value: 'bad key!' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('高德 Key只能包含字母、数字、下划线和短横线')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(keyInput('高德 Key').value).toBe('amap_saved'));
    expect(screen.queryByText('高德 Key只能包含字母、数字、下划线和短横线')).toBeNull();
    expect(kit.requests(MapSettingsApi.save.path)).toHaveLength(0);
  });

  it('tells a user without the permission only which basemap is in use, never a key', async () => {
    await kit.server.store.mapSettings.save(tenantId, { provider: 'amap', amapKey: 'amap_secret' }, adminId, new Date());
    kit.forget();
    await kit.render(<MapSettingPage />, { account: 'map_watcher', password: 'Admin@123' });
    expect(await screen.findByText('当前地图：高德地图')).toBeTruthy();
    expect(kit.requests(MapSettingsApi.get.path)[0]?.flag).toBe(403);
    expect(screen.getByText('地图服务密钥仅有地图设置权限的管理员可查看和修改。')).toBeTruthy();
    expect(screen.queryByLabelText(/^高德 Key/)).toBeNull();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.queryByDisplayValue('amap_secret')).toBeNull();
  });
});

describe('地图设置 asked ahead by its route', () => {
  it('asks the tenant’s settings beside the page’s code; the page’s first load takes the answer', async () => {
    await kit.server.store.mapSettings.save(tenantId, { provider: 'amap', amapKey: 'amap_ahead' }, adminId, new Date());
    const kernel = await kit.askAhead(prefetchMapSetting, [MapSettingsApi.get.path]);
    render(<ServiceProvider container={kernel}><MapSettingPage /></ServiceProvider>);
    await waitFor(() => expect(keyInput('高德 Key').value).toBe('amap_ahead'));
    // nothing asked a second time
    expect(kit.requests(MapSettingsApi.get.path)).toHaveLength(1);
  });

  it('for a user refused the keys, also asks the basemap in use; the page’s first load takes both answers', async () => {
    await kit.server.store.mapSettings.save(tenantId, { provider: 'amap', amapKey: 'amap_secret' }, adminId, new Date());
    const { kernel } = await kit.login({ account: 'map_watcher', password: 'Admin@123' });
    kit.forget();
    prefetchMapSetting(((token: symbol) => kernel.get(token)) as ServiceGetter);
    const asked = [MapSettingsApi.get.path, MapSettingsApi.browserConfig.path];
    await waitFor(() => expect(kit.askedTimes(asked)).toEqual([1, 1]));
    expect(kit.requests(MapSettingsApi.get.path)[0]?.flag).toBe(403);
    render(<ServiceProvider container={kernel}><MapSettingPage /></ServiceProvider>);
    expect(await screen.findByText('当前地图：高德地图')).toBeTruthy();
    // nothing asked a second time
    expect(kit.askedTimes(asked)).toEqual([1, 1]);
  });
});
