import type { ReactElement } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceProvider } from '@tianlu/sdk';
import { createKernel } from '../../core';
import { FakeServer, ok, storeUser } from '../../core/test/fake-server';
import MileageSummaryPage from '../../plugins/data-report/pages/mileage-summary-page';
import OfflineReportPage from '../../plugins/data-report/pages/offline-report-page';
import StopReportPage from '../../plugins/data-report/pages/stop-report-page';


const STOPS = '/car/v1/accelerate/report/stop/list.json';
const SUMMARY = '/car/v1/accelerate/report/mileage/summary.json';
const OFFLINE = '/car/v1/accelerate/report/online/offline.json';
const GROUPS = '/car/v1/accelerate/report/groups.json';

function setup(page: ReactElement, routes: (server: FakeServer) => void) {
  storeUser();
  const server = new FakeServer().on('GET', GROUPS, ok([{ id: 1, name: '一组' }]));
  routes(server);
  render(<ServiceProvider container={createKernel({ httpAdapter: server.adapter })}>{page}</ServiceProvider>);
  return { queries: (path: string) => server.to(path).map((r) => Object.fromEntries(r.query)) };
}

const shown = (text: string) => screen.findByText(text);

// only Date is faked: China time 2026-05-20 10:00
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-20T10:00:00+08:00'));
});
afterEach(() => vi.useRealTimers());

describe('停车报表', () => {
  it('shows each stop with its place, duration and ACC, and asks the server for ACC-on stops only', async () => {
    const { queries } = setup(<StopReportPage />, (server) =>
      server.on('GET', STOPS, ok({
        total: 1,
        list: [{
          terminalNo: '013800000001', plateNo: '京A00001', groupName: '一组', day: '2026-05-19', start: '2026-05-19T08:20:10+08:00', end: '2026-05-19T08:30:10+08:00',
          lon: 116.4, lat: 39.9, address: '北京市东城区', seconds: 600, acc: false, accSeconds: 0,
        }],
        totals: { count: 1, vehicles: 1, seconds: 600, accOn: 0, accOff: 1, accSeconds: 0 },
        days: [{ day: '2026-05-19', count: 1, distance: 0, seconds: 600 }],
      })),
    );
    const row = (await shown('京A00001')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('北京市东城区')).toBeTruthy();
    expect(within(row).getByText('10分')).toBeTruthy();
    expect(within(row).getByText('关')).toBeTruthy();
    expect(screen.getByRole('group', { name: '合计' }).textContent).toContain('ACC 关：1 次');
    fireEvent.click(screen.getByRole('combobox', { name: 'ACC 状态' }));
    fireEvent.click(await screen.findByRole('option', { name: 'ACC 开' }));
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(queries(STOPS).at(-1)).toEqual({ current: '1', pageSize: '10', start: '2026-05-14', end: '2026-05-20', acc: '1' }));
  });
});

describe('里程汇总', () => {
  it('asks for the last three months and refuses a range over a year before asking', async () => {
    const { queries } = setup(<MileageSummaryPage />, (server) =>
      server.on('GET', SUMMARY, ok({
        total: 1,
        list: [{ groupId: 1, groupName: '一组', month: '2026-05', vehicles: 3, mileage: 1234.5, drivingSeconds: 36_000, reports: 9000, maxSpeed: 88 }],
        totals: { groups: 1, vehicles: 3, mileage: 1234.5, drivingSeconds: 36_000, reports: 9000 },
        months: [{ month: '2026-05', mileage: 1234.5 }],
      })),
    );
    expect(await shown('1234.50')).toBeTruthy();
    expect(queries(SUMMARY)[0]).toEqual({ current: '1', pageSize: '10', start: '2026-03', end: '2026-05' });
    fireEvent.change(screen.getByLabelText('开始月份'), { target: { value: '2025-01' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(await shown('查询月份范围不能超过 12 个月')).toBeTruthy();
    expect(queries(SUMMARY)).toHaveLength(1);
  });
});

describe('离线报表', () => {
  it('lists the silent assets with how long they have been offline, and sends the threshold', async () => {
    const { queries } = setup(<OfflineReportPage />, (server) =>
      server.on('GET', OFFLINE, ok({
        total: 2,
        list: [
          { terminalNo: '013800000009', plateNo: '京A00009', groupName: null, lastTime: null, lon: null, lat: null, address: '', offlineSeconds: null },
          { terminalNo: '013800000001', plateNo: '京A00001', groupName: '一组', lastTime: '2026-05-18T09:00:00+08:00', lon: 116.4, lat: 39.9, address: '北京市东城区', offlineSeconds: 176_400 },
        ],
        totals: { offline: 2, assets: 5, never: 1, hours: 24 },
      })),
    );
    expect(await shown('从未上报')).toBeTruthy();
    const row = screen.getByText('京A00001').closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('49小时0分')).toBeTruthy();
    expect(queries(OFFLINE)[0]).toEqual({ current: '1', pageSize: '10', hours: '24' });
    fireEvent.change(screen.getByLabelText('离线超过(小时)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(await shown('离线时长必须是 1 到 8760 之间的整数')).toBeTruthy();
  });
});
