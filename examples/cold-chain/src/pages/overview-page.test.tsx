import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ColdChainApi, type VehicleTemperature } from '../api';
import { ColdChainButtons } from '../cold-chain-declaration';
import { Refusal, vehicleRow, renderPage, press } from './page-test-kit';
import OverviewPage from './overview-page';

/**
 * Types `value` into a field as a user does: the field takes the focus first (a dialog keeps its
 * focus trap only while the focus is inside it), then its value changes.
 */
function typeInto(field: HTMLElement, value: string): void {
  field.focus();
  fireEvent.change(field, { target: { value } });
}

/**
 * Presses `button` and answers the dialog it opens, named `name`, with the focus on its first field
 * or button as a browser puts it (jsdom has no layout, so the dialog cannot tell what is focusable
 * and focuses itself; its focus trap then hides it from queries).
 */
async function openDialog(button: HTMLElement, name: string): Promise<HTMLElement> {
  press(button);
  const dialog = await screen.findByRole('dialog', { name, hidden: true });
  dialog.querySelector<HTMLElement>('input, textarea, button')?.focus();
  await waitFor(() => expect(dialog.getAttribute('aria-hidden')).toBeNull());
  return dialog;
}

const VEHICLES = { list: ColdChainApi.vehicles.path, save: ColdChainApi.saveLimits.path, export: ColdChainApi.exportReadings.path };

/** A fleet of three: one cold and fine on the default, one too warm on its own limits, one never read. */
function fleet(): VehicleTemperature[] {
  return [
    vehicleRow('013800000001', '京A10001'),
    vehicleRow('013800000002', '京A10002', { latest: { celsius: -12.3, time: '2026-11-27T09:30:00+08:00' }, min: -25, max: -15, custom: true, state: 'over' }),
    vehicleRow('013800000003', '京A10003', { latest: null, state: 'none' }),
  ];
}

/** The cells of the row of a plate, as shown. */
async function rowOf(plate: string): Promise<string[]> {
  const table = await screen.findByRole('table', { name: '车辆温度' });
  const row = (await within(table).findByText(plate)).closest('[role="row"]') as HTMLElement;
  return within(row).getAllByRole('cell').map((c) => c.textContent ?? '');
}

describe('温度总览', () => {
  it('lists each vehicle with its latest temperature, its limits (默认 marked) and its state', async () => {
    renderPage(<OverviewPage />, { routes: { [VEHICLES.list]: () => ({ list: fleet() }) } });
    expect((await rowOf('京A10001')).slice(0, 6)).toEqual(['京A10001', '013800000001', '4.5℃', '2026-11-27 08:00:00', '2.0～8.0℃默认', '正常']);
    expect((await rowOf('京A10002')).slice(0, 6)).toEqual(['京A10002', '013800000002', '-12.3℃', '2026-11-27 09:30:00', '-25.0～-15.0℃', '超限']);
    expect((await rowOf('京A10003')).slice(0, 6)).toEqual(['京A10003', '013800000003', '—', '—', '2.0～8.0℃默认', '无数据']);
    expect(screen.getByText('共 3 辆：超限 1，正常 1，无数据 1')).toBeTruthy();
  });

  it('narrows the list to a plate typed and to a state', async () => {
    renderPage(<OverviewPage />, { routes: { [VEHICLES.list]: () => ({ list: fleet() }) } });
    await rowOf('京A10001');
    typeInto(screen.getByRole('textbox', { name: '车牌 / 终端号' }), '0003');
    const table = screen.getByRole('table', { name: '车辆温度' });
    await waitFor(() => expect(within(table).queryByText('京A10001')).toBeNull());
    expect(within(table).getByText('京A10003')).toBeTruthy();
    typeInto(screen.getByRole('textbox', { name: '车牌 / 终端号' }), '京B');
    expect(await within(table).findByText('没有符合条件的车辆')).toBeTruthy();
  });

  it('refuses limits that cannot be, in Chinese, and sends nothing', async () => {
    const kit = renderPage(<OverviewPage />, { routes: { [VEHICLES.list]: () => ({ list: fleet() }), [VEHICLES.save]: () => ({}) } });
    const dialog = await openDialog(await screen.findByRole('button', { name: '设置上下限：京A10001' }), '设置上下限');
    expect(await within(dialog).findByText(/租户默认 2\.0～8\.0℃/)).toBeTruthy();
    const refused = async (lo: string, hi: string, message: string) => {
      typeInto(within(dialog).getByLabelText(/^下限/), lo);
      typeInto(within(dialog).getByLabelText(/^上限/), hi);
      press(within(dialog).getByRole('button', { name: '保存' }));
      await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(message));
    };
    await refused('8', '2', '下限必须小于上限');
    await refused('-60', '2', '下限必须在 -50～80 ℃ 之间');
    await refused('', '5', '请输入下限');
    await refused('1.25', '5', '下限最多保留一位小数');
    expect(kit.sentTo(VEHICLES.save)).toEqual([]);
  });

  it('saves a vehicle’s own limits and shows them in its row', async () => {
    let vehicles = fleet();
    const kit = renderPage(<OverviewPage />, {
      routes: {
        [VEHICLES.list]: () => ({ list: vehicles }),
        [VEHICLES.save]: (body) => {
          vehicles = vehicles.map((v) => (v.terminalNo === body.terminalNo ? { ...v, min: body.min as number, max: body.max as number, custom: true } : v));
          return {};
        },
      },
    });
    const dialog = await openDialog(await screen.findByRole('button', { name: '设置上下限：京A10001' }), '设置上下限');
    typeInto(within(dialog).getByLabelText(/^下限/), '0');
    typeInto(within(dialog).getByLabelText(/^上限/), '4.5');
    press(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '设置上下限' })).toBeNull());
    expect(kit.sentTo(VEHICLES.save)).toEqual([{ terminalNo: '13800000001', min: 0, max: 4.5 }]);
    expect(kit.toasts).toEqual([{ text: '京A10001 的上下限已设为 0.0～4.5℃', intent: 'success' }]);
    await waitFor(async () => expect((await rowOf('京A10001'))[4]).toBe('0.0～4.5℃'));
  });

  it('shows the server’s refusal in the dialog, which keeps what was typed', async () => {
    renderPage(<OverviewPage />, {
      routes: { [VEHICLES.list]: () => ({ list: fleet() }), [VEHICLES.save]: () => { throw new Refusal('车辆不存在或无权访问'); } },
    });
    const dialog = await openDialog(await screen.findByRole('button', { name: '设置上下限：京A10001' }), '设置上下限');
    typeInto(within(dialog).getByLabelText(/^上限/), '6');
    press(within(dialog).getByRole('button', { name: '保存' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('车辆不存在或无权访问');
    expect((within(dialog).getByLabelText(/^上限/) as HTMLInputElement).value).toBe('6');
  });

  it('puts a vehicle with limits of its own back on the default with 恢复默认', async () => {
    const kit = renderPage(<OverviewPage />, { routes: { [VEHICLES.list]: () => ({ list: fleet() }), [VEHICLES.save]: () => ({}) } });
    const onDefault = await openDialog(await screen.findByRole('button', { name: '设置上下限：京A10001' }), '设置上下限');
    // a vehicle on the default has nothing to restore
    expect(within(onDefault).queryByRole('button', { name: '恢复默认' })).toBeNull();
    press(within(onDefault).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const own = await openDialog(screen.getByRole('button', { name: '设置上下限：京A10002' }), '设置上下限');
    press(within(own).getByRole('button', { name: '恢复默认' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(kit.sentTo(VEHICLES.save)).toEqual([{ terminalNo: '13800000002', reset: true }]);
    expect(kit.toasts).toEqual([{ text: '京A10002 已恢复默认上下限', intent: 'success' }]);
  });

  it('exports the days chosen into 下载中心 and says so', async () => {
    const kit = renderPage(<OverviewPage />, { routes: { [VEHICLES.list]: () => ({ list: fleet() }), [VEHICLES.export]: () => ({ id: 7, fileName: '冷链监控-温度记录-20261127.xlsx' }) } });
    const dialog = await openDialog(await screen.findByRole('button', { name: '导出' }), '导出温度记录');
    typeInto(within(dialog).getByLabelText('开始日期'), '2026-11-20');
    typeInto(within(dialog).getByLabelText('结束日期'), '2026-11-10');
    press(within(dialog).getByRole('button', { name: '导出' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('结束日期不能早于开始日期');
    expect(kit.sentTo(VEHICLES.export)).toEqual([]);

    typeInto(within(dialog).getByLabelText('结束日期'), '2026-11-26');
    press(within(dialog).getByRole('button', { name: '导出' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(kit.sentTo(VEHICLES.export)).toEqual([{ start: '2026-11-20T00:00:00+08:00', end: '2026-11-26T23:59:59+08:00' }]);
    expect(kit.toasts).toEqual([{ text: '已加入下载中心', intent: 'success' }]);
    expect(kit.downloads).toEqual([true]);
  });

  it('shows 设置上下限 and 导出 only to roles granted them', async () => {
    renderPage(<OverviewPage />, { routes: { [VEHICLES.list]: () => ({ list: fleet() }) }, buttons: [ColdChainButtons.exportReadings] });
    await rowOf('京A10001');
    expect(screen.queryByRole('button', { name: '设置上下限：京A10001' })).toBeNull();
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
  });

  it('says why the list could not be read and reads it again on 重试', async () => {
    let fail = true;
    renderPage(<OverviewPage />, {
      routes: { [VEHICLES.list]: () => { if (fail) throw new Refusal('无权限访问', 403); return { list: fleet() }; } },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('无权限访问');
    fail = false;
    press(screen.getByRole('button', { name: '重试' }));
    expect(await rowOf('京A10003')).toContain('无数据');
  });

  it('says when the user may see no vehicle', async () => {
    renderPage(<OverviewPage />, { routes: { [VEHICLES.list]: () => ({ list: [] }) } });
    expect(await screen.findByText('暂无可查看的车辆')).toBeTruthy();
  });

  it('opens 运输温度 of a vehicle', async () => {
    const kit = renderPage(<OverviewPage />, { routes: { [VEHICLES.list]: () => ({ list: fleet() }) } });
    press(await screen.findByRole('button', { name: '运输温度：京A10002' }));
    expect(kit.navigated).toEqual(['/cold-chain/trips?terminalNo=13800000002']);
  });
});
