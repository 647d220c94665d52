import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageBus, type AvailableCommand, type Command, type CommandPreview, type MessageBus as Bus, type MonitorItem } from '@tianlu/sdk';
import { flag, logIn, ok, renderApp, RESOURCES, shellServer } from '../../test/app-harness';

const AVAILABLE = '/car/v1/api/command/availableCommands.json';
const CHECK = '/car/v1/api/command/checkCommandDownBatchTer.json';
const PREVIEW = '/car/v1/api/command/previewCommandDownBatch.json';
const SEND = '/car/v1/api/command/commandDownBatch.json';

const type = (commandType: AvailableCommand['commandType'], commandName: string, dangerous = false): AvailableCommand => ({ commandType, commandName, dangerous, supported: 2, total: 2 });
const ORDINARY = [type('locate', '位置查询'), type('interval', '设置上报间隔'), type('text', '文本下发')];
const WITH_DANGEROUS = [...ORDINARY, type('oilPower', '断油断电', true)];

/** The server's preview of 断开油电 to both: the first drives at 32 km/h (skipped unless forced), the second is parked. */
function cutPreview(force: boolean): CommandPreview {
  const terminal = (terminalNo: string, speed: number, skipped: boolean) => ({
    terminalNo, plateNo: null, model: 'TL-808G', online: true, speed, moving: speed > 5, outcome: skipped ? 'skip' as const : 'send' as const,
    code: skipped ? 'moving' as const : null, reason: skipped ? '行驶中（32 km/h），为安全未断电；停稳后再试，或确认安全后强制执行' : null,
  });
  return {
    commandType: 'oilPower', commandName: '断油断电', dangerous: true, action: '断开油电', movingKmh: 5, total: 2, receivers: force ? 2 : 1, sendNow: force ? 2 : 1, queued: 0,
    moving: 1, movingReceivers: force ? 1 : 0, skipped: { unsupported: 0, offline: 0, moving: force ? 0 : 1, noPermission: 0 },
    warnings: [force ? '1 个行驶中（车速超过 5 km/h）仍将强制断开油电：车辆可能在行驶中失去动力，请确认安全' : '1 个行驶中（车速超过 5 km/h），为安全不执行断开油电，将跳过；停稳后再试'],
    terminals: [terminal('013800000001', 32, !force), terminal('013800000002', 0, false)],
  };
}

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

async function open(
  buttons: number[],
  send = ok({ batchId: 'b1', commands: [command('013800000001', 1, '已发送'), command('013800000002', 0, '待发送')] }),
  available: AvailableCommand[] = ORDINARY,
) {
  logIn();
  const server = shellServer()
    .on('GET', '/car/v1/api/resource/newList.json', ok(commandMenu(buttons)))
    .on('POST', AVAILABLE, ok(available))
    .on('POST', CHECK, ok(checks))
    .on('POST', PREVIEW, (req) => ok(cutPreview((req.body as { params: { force?: boolean } }).params.force === true)))
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
    expect(server.to(AVAILABLE)[0]!.body).toEqual({ terminalNos: ['013800000001', '013800000002'] });
    expect(server.to(CHECK)[0]!.body).toEqual({ terminalNos: ['013800000001', '013800000002'], commandType: 'locate' });
    expect(within(dialog).getByText('终端离线，上线后下发')).toBeTruthy();
    // only what the server lists for these terminals' models (and this user) is offered
    expect(within(dialog).getAllByRole('radio', { hidden: true }).map((r) => (r as HTMLInputElement).value)).toEqual(['locate', 'interval', 'text']);
    expect(within(dialog).getByLabelText('文本下发')).toBeTruthy();
    expect(within(dialog).queryByLabelText('断油断电')).toBeNull();
    expect(within(dialog).queryByLabelText('设防撤防')).toBeNull();

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
      // a device's answer: in Chinese, its own words below
      socket.receive({ type: 'command', command: command('013800000002', 3, '失败', { result: { code: 1, text: '设备不识别该指令', raw: 'Command error!' } }) });
      // another batch's result is not this dialog's
      socket.receive({ type: 'command', command: command('013800000002', 2, '成功', { batchId: 'other' }) });
    });
    const row = (no: string) => within(dialog).getByText(no).closest('tr')!;
    await waitFor(() => expect(within(row('013800000001')).getByText('成功')).toBeTruthy());
    expect(within(row('013800000001')).getByText('116.39700, 39.90900 · 42 km/h')).toBeTruthy();
    await waitFor(() => expect(within(row('013800000002')).getByText('设备不识别该指令')).toBeTruthy());
    expect(within(row('013800000002')).getByText('设备原文：Command error!')).toBeTruthy();
    expect(within(dialog).getByText('成功 1 · 失败 1')).toBeTruthy();
  });

  it('shows a result that came while the live channel was still connecting, read back once it is live with the device\'s own words', async () => {
    const { dialog, server, sockets } = await open([840001]);
    const answered = command('013800000001', 2, '成功', { result: { code: 0, text: '设备已回复当前位置', raw: 'Current position!Lat:N39.909,Lon:E116.397' } });
    server.on('GET', '/car/v1/api/command/list.json', ok({ total: 2, list: [command('013800000002', 0, '待发送'), answered] }));
    fireEvent.click(await sendButton(dialog));
    await within(dialog).findByText('已发送');
    // the terminal answered before this page's socket was connected: no push brings it
    act(() => void sockets.last!.open().receive({ type: 'ready' }).receive({ type: 'snapshot', list: [] }));
    expect(await within(dialog).findByText('成功 1 · 待发送 1')).toBeTruthy();
    const row = within(dialog).getByText('013800000001').closest('tr')!;
    expect(within(row).getByText('设备已回复当前位置')).toBeTruthy();
    expect(within(row).getByText('设备原文：Current position!Lat:N39.909,Lon:E116.397')).toBeTruthy();
    expect(server.to('/car/v1/api/command/list.json').map((r) => r.query.get('batchId'))).toEqual(['b1']);
  });

  it('shows the server\'s preview of a dangerous command, then asks for the password and sends only to those it said', async () => {
    const { dialog, server } = await open([840001, 840002], flag(400, '密码错误'), WITH_DANGEROUS);
    fireEvent.click(within(dialog).getByLabelText('断油断电'));
    const preview = await within(dialog).findByRole('region', { name: '下发预览', hidden: true });
    expect(server.to(PREVIEW)[0]!.body).toEqual({ terminalNos: ['013800000001', '013800000002'], commandType: 'oilPower', params: { action: 'cut' } });
    expect(within(preview).getByText('将向 1 个终端下发断开油电（共 2 个）')).toBeTruthy();
    expect(within(preview).getByText('行驶中 1 个（车速超过 5 km/h）')).toBeTruthy();
    expect(within(preview).getByText('跳过 1 个：行驶中 1 个')).toBeTruthy();
    expect(within(preview).getByText('1 个行驶中（车速超过 5 km/h），为安全不执行断开油电，将跳过；停稳后再试')).toBeTruthy();
    const row = (no: string) => within(dialog).getByText(no).closest('tr')!;
    expect(within(row('013800000001')).getByText('行驶中（32 km/h），为安全未断电；停稳后再试，或确认安全后强制执行')).toBeTruthy();
    expect(within(row('013800000002')).getByText('可下发')).toBeTruthy();

    const confirm = within(dialog).getByRole('button', { name: '确认下发', hidden: true }) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('请输入登录密码')).toBeTruthy();
    expect(server.to(SEND)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/登录密码/), { target: { value: 'Wrong@123' } });
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('密码错误')).toBeTruthy();
    // the moving vehicle is not in the batch: the preview skipped it
    expect(server.to(SEND)[0]!.body).toEqual({ terminalNos: ['013800000002'], commandType: 'oilPower', params: { action: 'cut' }, password: 'Wrong@123' });
    // the password did not ask for a new preview
    expect(server.to(PREVIEW)).toHaveLength(1);

    // cutting a moving asset is the operator's explicit choice, and the preview says what it means
    fireEvent.click(within(dialog).getByLabelText(/行驶中也执行/));
    await within(dialog).findByText('1 个行驶中（车速超过 5 km/h）仍将强制断开油电：车辆可能在行驶中失去动力，请确认安全');
    expect(server.to(PREVIEW).at(-1)!.body).toMatchObject({ params: { action: 'cut', force: true } });
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(server.to(SEND)).toHaveLength(2));
    expect(server.to(SEND)[1]!.body).toMatchObject({ terminalNos: ['013800000001', '013800000002'], params: { action: 'cut', force: true } });
  });

  it('speaks of e-bikes in their words: 断电/恢复供电, 骑行中, the server’s e-bike preview as it is', async () => {
    const { dialog, server, sockets } = await open([840001, 840002], undefined, WITH_DANGEROUS);
    const bike = (terminalNo: string, speed: number): MonitorItem => ({
      terminalNo, plateNo: terminalNo.slice(-4), vehicleId: 1, groupId: 7, groupName: '电动车', online: true, lon: 114.05, lat: 22.54, speed, course: 90, altitude: 0,
      gpsTime: '2026-05-01T10:00:00+08:00', receivedTime: '2026-05-01T10:00:01+08:00', alarmFlags: 0, statusFlags: 2, acc: false, located: true, mileage: null,
      assetKind: 'ebike', protocol: 'gt06',
    });
    act(() => void sockets.last!.open().receive({ type: 'ready' }).receive({ type: 'snapshot', list: [bike('013800000001', 32), bike('013800000002', 0)] }));
    const vehicleWords = cutPreview(false);
    server.on('POST', PREVIEW, ok({
      ...vehicleWords, commandName: '断电/恢复供电', action: '断电',
      warnings: ['1 个骑行中（车速超过 5 km/h），为安全不执行断电，将跳过；停稳后再试'],
      terminals: vehicleWords.terminals.map((t) => (t.reason ? { ...t, reason: '骑行中（32 km/h），为安全未断电；停稳后再试，或确认安全后强制执行' } : t)),
    }));
    fireEvent.click(await within(dialog).findByLabelText('断电/恢复供电'));
    const preview = await within(dialog).findByRole('region', { name: '下发预览', hidden: true });
    expect(within(preview).getByText('将向 1 个终端下发断电（共 2 个）')).toBeTruthy();
    expect(within(preview).getByText('骑行中 1 个（车速超过 5 km/h）')).toBeTruthy();
    expect(within(preview).getByText('跳过 1 个：骑行中 1 个')).toBeTruthy();
    expect(within(preview).getByText('1 个骑行中（车速超过 5 km/h），为安全不执行断电，将跳过；停稳后再试')).toBeTruthy();
    expect(within(dialog).getByLabelText('断电')).toBeTruthy();
    expect(within(dialog).getByLabelText('恢复供电')).toBeTruthy();
    expect(within(dialog).getByLabelText('骑行中也执行（默认车速超过 5 km/h 时不断电）')).toBeTruthy();
    expect(within(dialog).queryByText(/行驶|油电|车辆/)).toBeNull();
  });

  it('asks for the password only once the preview has come back', async () => {
    let answer: (() => void) | undefined;
    const { dialog, server } = await open([840001, 840002], undefined, WITH_DANGEROUS);
    server.on('POST', PREVIEW, () => new Promise((resolve) => (answer = () => resolve(ok(cutPreview(false))))));
    fireEvent.click(within(dialog).getByLabelText('断油断电'));
    await within(dialog).findByText('正在生成下发预览…');
    expect(within(dialog).queryByLabelText(/登录密码/)).toBeNull();
    act(() => answer!());
    await within(dialog).findByText('将向 1 个终端下发断开油电（共 2 个）');
    expect(within(dialog).getByLabelText(/登录密码/)).toBeTruthy();
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
