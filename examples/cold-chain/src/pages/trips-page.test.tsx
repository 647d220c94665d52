import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ColdChainApi, type Trip } from '../api';
import { ColdChainButtons } from '../cold-chain-declaration';
import { Refusal, vehicleRow, renderPage, press } from './page-test-kit';
import TripsPage from './trips-page';

const PATHS = { vehicles: ColdChainApi.vehicles.path, trips: ColdChainApi.trips.path, readings: ColdChainApi.readings.path, export: ColdChainApi.exportReadings.path };

const VEHICLES = [vehicleRow('013800000001', '京A10001'), vehicleRow('013800000002', '京A10002', { min: -25, max: -15, custom: true })];

/** Two trips of 京A10002, newest first: a clean one this morning, one that went over yesterday. */
const TRIPS: Trip[] = [
  { start: '2026-11-27T06:00:00+08:00', end: '2026-11-27T08:30:00+08:00', readings: 150, minC: -20.5, maxC: -16, overCount: 0 },
  { start: '2026-11-26T13:00:00+08:00', end: '2026-11-26T13:40:00+08:00', readings: 40, minC: -19, maxC: -11.2, overCount: 6 },
];

const readingsOf = (input: Record<string, unknown>) => ({
  list: [
    { time: input.start as string, celsius: -18 },
    { time: input.end as string, celsius: -16.5 },
  ],
  min: -25,
  max: -15,
});

function routes(extra: Record<string, (input: Record<string, unknown>) => unknown> = {}) {
  return {
    [PATHS.vehicles]: () => ({ list: VEHICLES }),
    // the server takes either form of the terminal number
    [PATHS.trips]: (q: Record<string, unknown>) => (String(q.terminalNo).replace(/^0+/, '') === '13800000002' ? TRIPS : []),
    [PATHS.readings]: readingsOf,
    ...extra,
  };
}

/** The cells of the trips table, row by row. */
async function tripRows(): Promise<string[][]> {
  const table = await screen.findByRole('table', { name: '运输行程' });
  return within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent ?? ''));
}

describe('运输温度', () => {
  it('opens on the vehicle a link names: its trips of the last 7 days, the newest one’s chart with its limits', async () => {
    const kit = renderPage(<TripsPage />, { routes: routes(), path: '/cold-chain/trips?terminalNo=013800000002' });
    await waitFor(async () => expect(await tripRows()).toEqual([
      ['11-27 06:00', '11-27 08:30', '2小时30分', '150', '-20.5℃', '-16.0℃', '0'],
      ['11-26 13:00', '11-26 13:40', '40分钟', '40', '-19.0℃', '-11.2℃', '6'],
    ]));
    expect(kit.sentTo(PATHS.trips)).toEqual([{ terminalNo: '013800000002', days: 7 }]);
    expect(await screen.findByText('上下限 -25.0～-15.0℃')).toBeTruthy();

    const chart = await screen.findByRole('region', { name: '行程温度' });
    expect(within(chart).getByText('行程温度：11-27 06:00 ～ 11-27 08:30')).toBeTruthy();
    await waitFor(() => expect(chart.querySelector('[data-points]')?.getAttribute('data-points')).toBe('2'));
    expect(chart.querySelector('[data-limits]')?.getAttribute('data-limits')).toBe('-25~-15');
    expect(kit.sentTo(PATHS.readings)).toEqual([{ terminalNo: '013800000002', start: '2026-11-27T05:59:59+08:00', end: '2026-11-27T08:30:01+08:00' }]);
  });

  it('draws the trip clicked and exports that trip into 下载中心', async () => {
    const kit = renderPage(<TripsPage />, {
      routes: routes({ [PATHS.export]: () => ({ id: 3, fileName: '冷链监控-温度记录-20261127.xlsx' }) }),
      path: '/cold-chain/trips?terminalNo=013800000002',
    });
    const table = await screen.findByRole('table', { name: '运输行程' });
    press((await within(table).findByText('11-26 13:00')).closest('[role="row"]') as HTMLElement);
    expect(await screen.findByText('行程温度：11-26 13:00 ～ 11-26 13:40')).toBeTruthy();
    await waitFor(() => expect(kit.sentTo(PATHS.readings).at(-1)).toEqual({ terminalNo: '013800000002', start: '2026-11-26T12:59:59+08:00', end: '2026-11-26T13:40:01+08:00' }));

    press(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(kit.toasts).toEqual([{ text: '已加入下载中心', intent: 'success' }]));
    expect(kit.sentTo(PATHS.export)).toEqual([{ terminalNo: '013800000002', start: '2026-11-26T12:59:59+08:00', end: '2026-11-26T13:40:01+08:00' }]);
    expect(kit.downloads).toEqual([true]);
  });

  it('asks for a vehicle first, and says when the one picked has no readings', async () => {
    const kit = renderPage(<TripsPage />, { routes: routes(), path: '/cold-chain/trips' });
    expect(await screen.findByText('请选择车辆，查看它最近的运输行程和温度曲线。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '导出' })).toHaveProperty('disabled', true);
    press(screen.getByRole('combobox', { name: '车辆' }));
    press(await screen.findByRole('option', { name: '京A10001（013800000001）' }));
    expect(await screen.findByText('最近 7 天没有温度读数')).toBeTruthy();
    expect(kit.sentTo(PATHS.trips)).toEqual([{ terminalNo: '13800000001', days: 7 }]);
    expect(screen.getByRole('button', { name: '导出' })).toHaveProperty('disabled', true);
  });

  it('reads a trip of a single reading over a range a second wider each side', async () => {
    const single: Trip = { start: '2026-11-27T06:00:00+08:00', end: '2026-11-27T06:00:00+08:00', readings: 1, minC: -18, maxC: -18, overCount: 0 };
    const kit = renderPage(<TripsPage />, { routes: routes({ [PATHS.trips]: () => [single] }), path: '/cold-chain/trips?terminalNo=13800000002' });
    expect(await tripRows()).toEqual([['11-27 06:00', '11-27 06:00', '不足1分钟', '1', '-18.0℃', '-18.0℃', '0']]);
    await waitFor(() => expect(kit.sentTo(PATHS.readings)).toEqual([{ terminalNo: '13800000002', start: '2026-11-27T05:59:59+08:00', end: '2026-11-27T06:00:01+08:00' }]));
    // the vehicle named in the form positions carry is found in the list too
    expect(await screen.findByText('上下限 -25.0～-15.0℃')).toBeTruthy();
  });

  it('shows 导出 only to roles granted it', async () => {
    renderPage(<TripsPage />, { routes: routes(), path: '/cold-chain/trips?terminalNo=013800000002', buttons: [ColdChainButtons.setLimits] });
    await tripRows();
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
  });

  it('says why the trips could not be read and reads them again on 重试', async () => {
    let fail = true;
    renderPage(<TripsPage />, {
      routes: routes({ [PATHS.trips]: () => { if (fail) throw new Refusal('车辆不存在或无权访问'); return TRIPS; } }),
      path: '/cold-chain/trips?terminalNo=013800000002',
    });
    expect((await screen.findByRole('alert')).textContent).toBe('车辆不存在或无权访问');
    fail = false;
    press(screen.getByRole('button', { name: '重试' }));
    expect(await tripRows()).toHaveLength(2);
  });
});
