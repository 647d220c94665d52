import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageBus, type Command, type MessageBus as Bus } from '@tianlu/sdk';
import { flag, logIn, ok, renderApp, RESOURCES, shellServer } from '../../test/app-harness';

const CHECK = '/car/v1/api/command/checkCommandDownBatchTer.json';
const SEND = '/car/v1/api/command/commandDownBatch.json';

const checks = [
  { terminalNo: '013800000001', plateNo: '京A12345', online: true, supported: true, canSend: true, reason: null },
  { terminalNo: '013800000002', plateNo: '沪B67890', online: false, supported: true, canSend: false, reason: '终端离线，上线后下发' },
];

function command(terminalNo: string, status: Command['status'], statusText: string, extra: Partial<Command> = {}): Command {
  return {
    id: terminalNo === '013800000001' ? 11 : 12, batchId: 'b1', terminalNo, plateNo: null, commandType: 'locate', commandName: '位置查询', params: {},
    status, statusText, account: 'admin', createTime: '2026-05-01T10:00:00+08:00', sendTime: null, resultTime: null, result: null, ...extra,
  };
}

/**
 * The 下发 button once the check of the current type has come back. (`hidden`: in jsdom the focus
 * trap of the dialog can leave its own surface marked aria-hidden after a re-render.)
 */
async function sendButton(dialog: HTMLElement): Promise<HTMLButtonElement> {
  const button = within(dialog).getByRole('button', { name: '下发', hidden: true }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}

function commandMenu(buttons: number[]) {
  return [...RESOURCES, { id: 8400, name: '指令下发', type: 1, path: '/car/command', children: buttons.map((id) => ({ id, name: String(id), type: 3 })) }];
}

async function open(buttons: number[], send = ok({ batchId: 'b1', commands: [command('013800000001', 1, '已发送'), command('013800000002', 0, '待发送')] })) {
  logIn();
  const server = shellServer()
    .on('GET', '/car/v1/api/resource/newList.json', ok(commandMenu(buttons)))
    .on('POST', CHECK, ok(checks))
    .on('POST', SEND, send);
  const app = renderApp('/home', server);
  await screen.findByText('我的应用');
  act(() => void app.container.get<Bus>(MessageBus).emit('showInstructions', { terminalNos: ['013800000001', '013800000002'] }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('共 2 个终端，可立即下发 1 个，离线 1 个（上线后下发）');
  return { dialog, ...app };
}

describe('command dialog', () => {
  it('checks the terminals, sends 位置查询 to both and shows each result as it arrives live', async () => {
    const { dialog, server, sockets } = await open([840001]);
    expect(server.to(CHECK)[0]!.body).toEqual({ terminalNos: ['013800000001', '013800000002'], commandType: 'locate' });
    expect(within(dialog).getByText('终端离线，上线后下发')).toBeTruthy();
    // without 危险指令 the dangerous types are not offered
    expect(within(dialog).queryByLabelText('断油断电')).toBeNull();
    expect(within(dialog).queryByLabelText('终端控制')).toBeNull();

    fireEvent.click(await sendButton(dialog));
    await within(dialog).findByText('已发送');
    expect(server.to(SEND)[0]!.body).toEqual({ terminalNos: ['013800000001', '013800000002'], commandType: 'locate', params: {} });
    expect(within(dialog).getByText('已下发').closest('button')!.disabled).toBe(true);

    const socket = sockets.last!;
    act(() => {
      socket.open();
      socket.receive({ type: 'ready' });
      socket.receive({
        type: 'command',
        command: command('013800000001', 2, '成功', { result: { code: 0, text: '成功', position: { lon: 116.397, lat: 39.909, speed: 42, gpsTime: '2026-05-01T10:00:01+08:00' } } }),
      });
      // another batch's result is not this dialog's
      socket.receive({ type: 'command', command: command('013800000002', 2, '成功', { batchId: 'other' }) });
    });
    const row = (no: string) => within(dialog).getByText(no).closest('tr')!;
    await waitFor(() => expect(within(row('013800000001')).getByText('成功')).toBeTruthy());
    expect(within(row('013800000001')).getByText('116.39700, 39.90900 · 42 km/h')).toBeTruthy();
    expect(within(row('013800000002')).getByText('待发送')).toBeTruthy();
    expect(within(dialog).getByText('成功 1 · 待发送 1')).toBeTruthy();
  });

  it('shows a result that came while the live channel was still connecting, read back once it is live', async () => {
    const { dialog, server, sockets } = await open([840001]);
    server.on('GET', '/car/v1/api/command/list.json', ok({ total: 2, list: [command('013800000002', 0, '待发送'), command('013800000001', 2, '成功')] }));
    fireEvent.click(await sendButton(dialog));
    await within(dialog).findByText('已发送');
    // the terminal answered before this page's socket was connected: no push brings it
    act(() => void sockets.last!.open().receive({ type: 'ready' }).receive({ type: 'snapshot', list: [] }));
    expect(await within(dialog).findByText('成功 1 · 待发送 1')).toBeTruthy();
    expect(server.to('/car/v1/api/command/list.json').map((r) => r.query.get('batchId'))).toEqual(['b1']);
  });

  it('asks for the login password before a dangerous command and shows the server\'s refusal', async () => {
    const { dialog, server } = await open([840001, 840002], flag(400, '密码错误'));
    fireEvent.click(within(dialog).getByLabelText('断油断电'));
    await waitFor(() => expect(server.to(CHECK).at(-1)!.body).toEqual({ terminalNos: ['013800000001', '013800000002'], commandType: 'oilPower' }));
    fireEvent.click(await sendButton(dialog));
    expect(await within(dialog).findByText('请输入登录密码')).toBeTruthy();
    expect(server.to(SEND)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/登录密码/), { target: { value: 'Wrong@123' } });
    fireEvent.click(await sendButton(dialog));
    expect(await within(dialog).findByText('密码错误')).toBeTruthy();
    expect(server.to(SEND)[0]!.body).toEqual({
      terminalNos: ['013800000001', '013800000002'], commandType: 'oilPower', params: { action: 'cut' }, password: 'Wrong@123',
    });
    // cutting a moving asset is the operator's explicit choice
    fireEvent.click(within(dialog).getByLabelText(/行驶中也执行/));
    fireEvent.click(await sendButton(dialog));
    await waitFor(() => expect(server.to(SEND)).toHaveLength(2));
    expect(server.to(SEND)[1]!.body).toMatchObject({ params: { action: 'cut', force: true } });
  });

  it('checks the parameters in Chinese before sending', async () => {
    const { dialog, server } = await open([840001]);
    fireEvent.click(within(dialog).getByLabelText('设置上报间隔'));
    fireEvent.change(within(dialog).getByLabelText(/^上报间隔/), { target: { value: '0' } });
    fireEvent.click(await sendButton(dialog));
    expect(await within(dialog).findByText('上报间隔必须在 1–3600 之间')).toBeTruthy();
    expect(server.to(SEND)).toHaveLength(0);
  });
});
