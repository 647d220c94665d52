import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_VOCABULARY, FenceApi, HttpService, MIXED_ASSET_WORDS, MonitorApi, vehicleWordsAvoided, type AssetKind, type HttpService as Http } from '@tianlu/sdk';
import { startPageServer, type PageServer } from '../../../testing/plugin-page-kit';
import { prefetchFences } from '../fence/fence-query';
import { FenceStore } from '../fence/fence-store';
import FencePage from './fence-page';

let kit: PageServer;
/** vehicleId of the assets provisioned here, by kind. */
const ids: Partial<Record<AssetKind, number[]>> = {};

beforeAll(async () => {
  kit = await startPageServer();
  const { store } = kit.server;
  const demo = (await store.org.findTenantByName('天路演示'))!;
  const provision = async (n: number, assetKind: AssetKind) => {
    const no = `1730000000${n}`;
    const { vehicleId } = await store.fleet.provision({ tenantId: demo.id, groupId: null, terminalNo: no, displayNo: no, authCode: 'x', plateNo: `围栏${n}`, assetKind });
    (ids[assetKind] ??= []).push(vehicleId);
  };
  await provision(0, 'vehicle');
  await provision(1, 'person');
  await provision(2, 'person');
  await provision(3, 'pet');
  await provision(4, 'ebike');
  // the fences, saved as the demo admin through the API
  const { kernel, unmount } = await kit.render(<div />);
  const http = kernel.get<Http>(HttpService);
  const save = async (name: string, vehicleIds: number[]) => {
    const res = await http.call(FenceApi.save, { name, shape: 'circle', center: [120.72, 31.32], radius: 300, trigger: 'both', vehicleIds, groupIds: [] });
    expect(res.flag, res.msg).toBe(1);
  };
  await save('人员围栏', ids.person!);
  await save('宠物围栏', ids.pet!);
  await save('电动车围栏', ids.ebike!);
  await save('车辆围栏', ids.vehicle!);
  await save('混合围栏', [...ids.vehicle!, ...ids.person!]);
  unmount();
});

afterAll(() => kit?.close());

const fenceItem = (name: string) => screen.findByRole('listitem', { name: `围栏 ${name}` });

describe('电子围栏 speaks of what each fence binds in its assets’ words', () => {
  it('says 人员 2 · 部门 0 of a fence on people, 宠物 and 电动车 of theirs, 车辆 of vehicles, 资产 of several kinds', async () => {
    await kit.render(<FencePage />);
    const expected: [string, AssetKind | undefined, number][] = [['人员围栏', 'person', 2], ['宠物围栏', 'pet', 1], ['电动车围栏', 'ebike', 1], ['车辆围栏', 'vehicle', 1], ['混合围栏', undefined, 3]];
    for (const [name, kind, n] of expected) {
      const words = kind ? ASSET_VOCABULARY[kind] : MIXED_ASSET_WORDS;
      const item = await fenceItem(name);
      expect(await within(item).findByText(`${words.noun} ${n} · ${words.groupLabel} 0`)).toBeTruthy();
      if (kind) for (const word of vehicleWordsAvoided(kind)) expect(item.textContent, `${name} says ${word}`).not.toContain(word);
    }
  });

  it('asks before deleting a fence on people in their words; its editor lists what may be bound in the words of several kinds', async () => {
    await kit.render(<FencePage />);
    const item = await fenceItem('人员围栏');
    fireEvent.click(within(item).getByRole('button', { name: '删除' }));
    const question = await screen.findByRole('alertdialog', { name: '删除围栏' });
    expect(question.textContent).toContain(`删除后绑定的${ASSET_VOCABULARY.person.noun}不再产生该围栏的告警`);
    for (const word of vehicleWordsAvoided('person')) expect(question.textContent).not.toContain(word);
    fireEvent.click(within(question).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    fireEvent.click(within(item).getByRole('button', { name: '编辑' }));
    const editor = await screen.findByRole('form', { name: '编辑围栏' });
    // the demo tenant's vehicles beside the people, pets and e-bikes provisioned here
    const assets = within(editor).getByRole('group', { name: `绑定${MIXED_ASSET_WORDS.noun}` });
    expect(within(assets).getByText(`绑定${MIXED_ASSET_WORDS.noun}（已选 2 ${MIXED_ASSET_WORDS.unit}）`)).toBeTruthy();
    expect(within(assets).getByRole('textbox', { name: `搜索${MIXED_ASSET_WORDS.noun}` }).getAttribute('placeholder')).toBe(`搜索${MIXED_ASSET_WORDS.nameLabel}/终端号`);
    expect(within(editor).getByRole('group', { name: `绑定${MIXED_ASSET_WORDS.groupLabel}` })).toBeTruthy();
    // the two people have sent no position yet: the panel says so in their words
    const person = ASSET_VOCABULARY.person;
    expect((await within(editor).findByRole('status')).textContent).toBe(`已绑定的${person.noun}中有 2 ${person.unit}暂无位置，地图上暂不显示`);
    // one more, a pet without a position: counted in the words of several kinds
    fireEvent.change(within(assets).getByRole('textbox', { name: `搜索${MIXED_ASSET_WORDS.noun}` }), { target: { value: '17300000003' } });
    fireEvent.click(await within(assets).findByRole('checkbox', { name: /围栏3/ }));
    await waitFor(() => expect(within(editor).getByRole('status').textContent).toBe(`已绑定的${MIXED_ASSET_WORDS.noun}中有 3 ${MIXED_ASSET_WORDS.unit}暂无位置，地图上暂不显示`));
  });
});

describe('电子围栏 asked ahead by its route', () => {
  it('asks the fences, the group tree and the assets beside the page’s code; the page’s first load takes those answers', async () => {
    const asked = [FenceApi.list.path, MonitorApi.tree.path, MonitorApi.list.path];
    const kernel = await kit.askAhead(prefetchFences, asked);
    const store = new FenceStore(kernel.get<Http>(HttpService));
    await store.load();
    expect(store.fences.map((f) => f.name)).toContain('车辆围栏');
    expect(store.vehicles.length).toBeGreaterThan(0);
    // nothing asked a second time
    expect(kit.askedTimes(asked)).toEqual([1, 1, 1]);
  });
});
