import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HttpService, ServiceProvider, transformCoord } from '@tianlu/sdk';
import { createKernel } from '../../core';
import { FakeServer, storeUser } from '../../core/test/fake-server';
import { FakeWebSockets } from '../../core/test/fake-web-socket';
import { FenceEditor } from '../../plugins/car/fence/fence-editor';
import { FenceStore } from '../../plugins/car/fence/fence-store';

function renderEditor() {
  storeUser();
  const container = createKernel({ httpAdapter: new FakeServer().adapter, webSocketFactory: new FakeWebSockets().factory });
  const store = new FenceStore(container.get<HttpService>(HttpService));
  store.create();
  render(
    <ServiceProvider container={container}>
      <FenceEditor store={store} onSave={async () => undefined} />
    </ServiceProvider>,
  );
  return store;
}

describe('新增围栏: a circle centre typed in another datum', () => {
  it('a BD-09 point pasted becomes the circle centre in WGS84; a drawn centre shows in the fields', async () => {
    const store = renderEditor();
    fireEvent.change(screen.getByRole('combobox', { name: '坐标系' }), { target: { value: 'BD09' } });
    fireEvent.change(screen.getByRole('textbox', { name: '粘贴坐标' }), { target: { value: '116.404,39.915' } });
    await waitFor(() => expect(store.draft?.center).toBeDefined());
    const expected = transformCoord([116.404, 39.915], 'BD09', 'WGS84');
    expect(store.draft!.center![0]).toBeCloseTo(expected[0], 6);
    expect(store.draft!.center![1]).toBeCloseTo(expected[1], 6);
    expect(await screen.findByText('已绘制圆形，半径 500 米')).toBeTruthy();

    store.drawn({ kind: 'circle', center: [121.47, 31.23], radius: 800 });
    const [lon, lat] = transformCoord([121.47, 31.23], 'WGS84', 'BD09');
    await waitFor(() => expect((screen.getByRole('textbox', { name: '圆心经度' }) as HTMLInputElement).value).toBe(String(Number(lon.toFixed(6)))));
    expect((screen.getByRole('textbox', { name: '圆心纬度' }) as HTMLInputElement).value).toBe(String(Number(lat.toFixed(6))));
    expect(store.draft!.center).toEqual([121.47, 31.23]);
  });
});
