import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpService, transformCoord, useService } from '@tianlu/sdk';
import { startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import { FenceEditor } from './fence-editor';
import { FenceStore } from './fence-store';

let kit: PageServer;

beforeAll(async () => {
  kit = await startPageServer();
});

afterAll(() => kit?.close());

/** 新增围栏 over the kernel the kit logged in, its store at hand. */
async function renderEditor(): Promise<FenceStore> {
  let store: FenceStore | undefined;
  function NewFence() {
    const http = useService(HttpService);
    const [fences] = useState(() => {
      const created = new FenceStore(http);
      created.create();
      return created;
    });
    store = fences;
    return <FenceEditor store={fences} onSave={async () => undefined} />;
  }
  await kit.render(<NewFence />);
  return store!;
}

describe('新增围栏: a circle centre typed in another datum', () => {
  it('a BD-09 point pasted becomes the circle centre in WGS84; a drawn centre shows in the fields', async () => {
    const store = await renderEditor();
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
