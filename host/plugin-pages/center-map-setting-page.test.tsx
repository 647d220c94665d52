import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MapSettingsPaths, ServiceProvider } from '@tianlu/sdk';
import { createKernel } from '../../core';
import { FakeServer, flag, ok } from '../../core/test/fake-server';
import MapSettingPage from '../../plugins/center/pages/map-setting-page';
import { logIn } from '../test/app-harness';

function renderPage(server: FakeServer) {
  render(
    <ServiceProvider container={createKernel({ httpAdapter: server.adapter })}>
      <MapSettingPage />
    </ServiceProvider>,
  );
}

const keyInput = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

beforeEach(() => {
  localStorage.clear();
  logIn();
});

describe('地图设置', () => {
  it('checks the keys before sending: 天地图 needs its tk, keys take only letters, digits, _ and -', async () => {
    const server = new FakeServer()
      .on('GET', MapSettingsPaths.get, ok({ provider: 'auto', custom: false }))
      .on('POST', MapSettingsPaths.save, ok({ provider: 'tianditu', tiandituKey: 'tk-1', custom: true }))
      .on('GET', MapSettingsPaths.config, ok({ provider: 'tianditu', mapKey: 'tk-1', geocoder: false }));
    renderPage(server);
    expect(await screen.findByText('本租户尚未保存地图设置，当前使用服务器默认值。')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('天地图'));
    fireEvent.change(keyInput('高德 Key'), { target: { value: 'bad key!' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('使用天地图需要填写天地图 tk')).toBeTruthy();
    expect(screen.getByText('高德 Key只能包含字母、数字、下划线和短横线')).toBeTruthy();
    expect(server.to(MapSettingsPaths.save)).toHaveLength(0);

    fireEvent.change(keyInput('高德 Key'), { target: { value: '' } });
    fireEvent.change(keyInput('天地图 tk'), { target: { value: 'tk-1' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(server.to(MapSettingsPaths.save)).toHaveLength(1));
    expect(server.to(MapSettingsPaths.save)[0]!.body).toEqual({ provider: 'tianditu', amapKey: '', tencentKey: '', baiduKey: '', tiandituKey: 'tk-1' });
    await waitFor(() => expect(screen.queryByText('使用天地图需要填写天地图 tk')).toBeNull());
  });

  it('shows an administrator the saved keys', async () => {
    const server = new FakeServer().on('GET', MapSettingsPaths.get, ok({ provider: 'amap', amapKey: 'amap_secret', custom: true }));
    renderPage(server);
    await waitFor(() => expect(keyInput('高德 Key').value).toBe('amap_secret'));
    expect((screen.getByLabelText(/^高德地图/) as HTMLInputElement).checked).toBe(true);
  });

  it('tells a user without the permission only which basemap is in use, never a key', async () => {
    const server = new FakeServer()
      .on('GET', MapSettingsPaths.get, flag(403, '无权限访问'))
      .on('GET', MapSettingsPaths.config, ok({ provider: 'amap', geocoder: true }));
    renderPage(server);
    expect(await screen.findByText('当前地图：高德地图')).toBeTruthy();
    expect(screen.getByText('地图服务密钥仅有地图设置权限的管理员可查看和修改。')).toBeTruthy();
    expect(screen.queryByLabelText(/^高德 Key/)).toBeNull();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });
});
