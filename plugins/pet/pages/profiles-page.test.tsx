import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import { PetApi } from '../pet-api';
import ProfilesPage from './profiles-page';

// 宠物档案 of 宠物守护 against the real server: twenty-one pets, 宠物01 … 宠物21, twenty a page.

const PETS = Array.from({ length: 21 }, (_, i) => `宠物${String(i + 1).padStart(2, '0')}`);

let kit: PageServer;

beforeAll(async () => {
  kit = await startPageServer();
  const { store } = kit.server;
  const demo = (await store.org.findTenantByName('天路演示'))!;
  for (const [i, name] of PETS.entries()) {
    const imei = `3587100400003${String(i).padStart(2, '0')}`;
    await store.fleet.provision({ tenantId: demo.id, groupId: null, terminalNo: imei, displayNo: imei, authCode: '', imei, protocol: 'watch', plateNo: name, assetKind: 'pet', profile: { species: '狗', breed: '柯基' } });
  }
});

afterAll(() => kit?.close());

const LIST = PetApi.list.path;
// hidden: under jsdom Fluent's focus trap (tabster) can leave the page marked aria-hidden after a dialog
const shown = () => screen.queryAllByRole('article', { hidden: true }).map((a) => a.getAttribute('aria-label'));
const search = () => screen.getByRole('textbox', { name: '搜索宠物' });

describe('宠物档案 of 宠物守护', () => {
  it('pages the pets and searches from page 1 as the name is typed', async () => {
    kit.forget();
    await kit.render(<ProfilesPage />);
    await waitFor(() => expect(shown()).toHaveLength(20));
    expect(shown()[0]).toBe('档案 宠物01');
    expect(kit.requests(LIST)[0]?.query).toEqual({ current: '1', pageSize: '20' });

    fireEvent.click(await screen.findByRole('button', { name: '下一页' }));
    await waitFor(() => expect(shown()).toEqual(['档案 宠物21']));
    fireEvent.change(search(), { target: { value: ' 宠物0' } });
    await waitFor(() => expect(shown()).toHaveLength(9));
    expect(kit.requests(LIST).at(-1)?.query).toEqual({ current: '1', pageSize: '20', keyword: '宠物0' });
    // a blank after the name searches nothing new
    fireEvent.change(search(), { target: { value: ' 宠物0 ' } });
    fireEvent.change(search(), { target: { value: '宠物1' } });
    await waitFor(() => expect(shown()).toHaveLength(10));
    expect(kit.requests(LIST).map((r) => r.query.keyword)).toEqual([undefined, undefined, '宠物0', '宠物1']);
  });

  it('keeps the pets of the name typed last when an earlier answer comes after them, and shows an edited profile', async () => {
    const first = kit.hold(LIST);
    await kit.render(<ProfilesPage />);
    await first.answered;
    fireEvent.change(search(), { target: { value: '宠物21' } });
    const card = await screen.findByRole('article', { name: '档案 宠物21' });
    first.release();
    fireEvent.click(within(card).getByRole('button', { name: '编辑档案' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑宠物档案' });
    fireEvent.change(await within(dialog).findByRole('textbox', { name: /^品种/ }), { target: { value: '柴犬' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    // saved after the earlier answer came in: the card changed in place, the list is still the one asked for
    expect(await within(card).findByText('狗 · 柴犬')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '编辑宠物档案', hidden: true })).toBeNull());
    await waitFor(() => expect(shown()).toEqual(['档案 宠物21']));
  });

  it('says why the list failed and reads it again on 重试', async () => {
    kit.failNext(LIST);
    await kit.render(<ProfilesPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('服务器内部错误');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(shown()).toHaveLength(20));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
