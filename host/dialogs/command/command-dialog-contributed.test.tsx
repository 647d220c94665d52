import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandApi } from '@tianlu/sdk';
import { decodeTextMessage, startPageServer, type Jt808TestTerminal, type PageServer } from '../../../testing/plugin-page-kit';
import CommandDialog from './command-dialog';

// 下发指令 with a contributed command type (智能车联's 调度信息, a 0x8300 carrier) against the real
// server: offered with a form built from its parameters, bad input refused in Chinese before
// anything is sent, then the terminal gets the text and its answer shows as 成功.
const VEHICLE = '13800004001';
const GUARD = '358710040000801';
const TEXT_MESSAGE = 0x8300;

let kit: PageServer;
let terminal: Jt808TestTerminal;

beforeAll(async () => {
  kit = await startPageServer({ live: true });
  const { store } = kit.server;
  const admin = (await store.users.findByAccount('admin'))!;
  await store.fleet.provision({ tenantId: admin.tenantId, groupId: null, terminalNo: VEHICLE, displayNo: VEHICLE, authCode: 'x', plateNo: '京D00001', assetKind: 'vehicle' });
  await store.fleet.provision({ tenantId: admin.tenantId, groupId: null, terminalNo: GUARD, displayNo: GUARD, authCode: '', imei: GUARD, protocol: 'gt06', model: 'TL-G1', plateNo: '京D00002', assetKind: 'vehicle' });
  terminal = await kit.terminal(VEHICLE);
});

afterAll(() => kit?.close());

describe('下发指令 with a contributed command type', () => {
  it('draws its form, refuses bad input in Chinese, and sends it to the terminal', async () => {
    await kit.render(<CommandDialog terminalNos={[VEHICLE, GUARD]} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('radio', { name: '调度信息' }));
    // the GT06 guard cannot carry it: said in the list, before anything is sent
    expect(await within(dialog).findByText('该终端（型号 TL-G1）不支持调度信息')).toBeTruthy();
    const content = within(dialog).getByRole('textbox', { name: '调度内容' });
    const minutes = within(dialog).getByRole('spinbutton', { name: '到达时限（分钟）' });
    expect(within(dialog).getByText('1–1440')).toBeTruthy();

    const send = within(dialog).getByRole('button', { name: '下发', hidden: true });
    fireEvent.click(send);
    expect(await within(dialog).findByText('调度内容不能为空')).toBeTruthy();
    fireEvent.change(content, { target: { value: '去北门装货' } });
    fireEvent.change(minutes, { target: { value: '0' } });
    fireEvent.click(send);
    expect(await within(dialog).findByText('到达时限不能小于 1分钟')).toBeTruthy();
    expect(kit.requests(CommandApi.send.path)).toHaveLength(0);

    fireEvent.change(minutes, { target: { value: '30' } });
    fireEvent.click(send);
    const frame = await terminal.answer(TEXT_MESSAGE);
    const text = decodeTextMessage(frame.body, terminal.edition);
    expect(text.ok && text.value.text).toBe('【调度】去北门装货，请于 30 分钟内到达');
    await waitFor(() => expect(within(dialog).getByText('成功')).toBeTruthy());
    // the page's request, on record once its answer came (the terminal may have the frame before that)
    expect(kit.requests(CommandApi.send.path)[0]?.body).toEqual({ terminalNos: [VEHICLE], commandType: 'car.dispatch', params: { content: '去北门装货', minutes: 30 } });
  });
});
